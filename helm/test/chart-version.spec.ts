/**
 * The chart's version moves whenever what it installs changes (issue 28): a template, a dashboard,
 * a values file, the values schema or what `helm package` leaves out, changed since the commit that last set
 * `version` in Chart.yaml, fails here until the version is raised, with its CHANGELOG.md entry.
 * It reads the repository's history, as a clone has it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { CHART_DIR, REPO_ROOT, runHelm } from './support/chart';

/** What the chart installs, relative to helm/. */
const CHART_CONTENT = [
  'templates',
  'dashboards',
  'values.yaml',
  'values-dev.yaml',
  'values-prod.yaml',
  'values.schema.json',
  '.helmignore',
];

const git = (args: string[]): string =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

const lines = (text: string): string[] => text.split('\n').filter(Boolean);

const chart = parse(fs.readFileSync(path.join(CHART_DIR, 'Chart.yaml'), 'utf8')) as {
  version: string;
  appVersion: string;
};

describe("the chart's version", () => {
  it('was raised after the last change to what the chart installs', () => {
    const versionSetIn = git([
      'log',
      '-1',
      '--format=%H',
      '-G',
      '^version:',
      '--',
      'helm/Chart.yaml',
    ]);
    if (!versionSetIn)
      throw new Error("No commit sets helm/Chart.yaml's version: run in a clone with its history");
    const paths = CHART_CONTENT.map((file) => `helm/${file}`);
    const changed = [
      ...lines(git(['diff', '--name-only', versionSetIn, '--', ...paths])),
      ...lines(git(['ls-files', '--others', '--exclude-standard', '--', ...paths])),
    ];
    if (changed.length > 0) {
      throw new Error(
        `helm/Chart.yaml still says version ${chart.version}, set in ${versionSetIn.slice(0, 7)}, ` +
          `but ${changed.join(', ')} changed since: raise version and appVersion (patch for a fix, ` +
          'minor for a new value or object, major for a value removed or renamed) and add its ' +
          'entry to CHANGELOG.md',
      );
    }
  });

  it('is a semantic version, the same as appVersion, with its CHANGELOG.md entry', () => {
    expect(chart.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(chart.appVersion).toBe(chart.version);
    const changelog = fs.readFileSync(path.join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
    const entry = new RegExp(
      `^## \\[${chart.version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`,
      'm',
    );
    expect(changelog).toMatch(entry);
    const latest = /^## \[(\d+\.\d+\.\d+)\]/m.exec(changelog)?.[1];
    expect(latest).toBe(chart.version);
  });

  it("is packaged without the chart's tests", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-chart-'));
    try {
      const packaged = runHelm(['package', CHART_DIR, '--destination', out]);
      expect(packaged.stderr).toBe('');
      const archive = path.join(out, `mcat-logbook-${chart.version}.tgz`);
      const files = lines(execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }));
      expect(files).toContain('mcat-logbook/templates/_workload.tpl');
      expect(files).toContain('mcat-logbook/values.schema.json');
      expect(files.filter((file) => /\/(test\/|jest\.config)/.test(file))).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
