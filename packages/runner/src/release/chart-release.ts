/**
 * Which version a release is: the chart's `version` in helm/Chart.yaml, which `appVersion` and the
 * images' tags repeat, and its CHANGELOG.md entry (helm/test/chart-version.spec.ts keeps both moving
 * with every change to the chart).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../ports';

export const CHART_DIR = path.join(REPO_ROOT, 'helm');

export interface ChartRelease {
  name: string;
  version: string;
  /** The CHANGELOG.md entry of `version`, from its heading to the next one. */
  changelog: string;
}

/** The text of `version`'s entry in a changelog, or null if it has none. */
export function changelogEntry(changelog: string, version: string): string | null {
  const heading = new RegExp(
    `^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`,
    'm',
  );
  const found = heading.exec(changelog);
  if (!found) return null;
  const rest = changelog.slice(found.index + found[0].length);
  const next = /^## \[/m.exec(rest);
  return `${found[0]}${next ? rest.slice(0, next.index) : rest}`.trimEnd();
}

/** The chart's name and version, refused unless appVersion matches and the changelog has it. */
export function readChartRelease(
  chartDir: string = CHART_DIR,
  changelogFile: string = path.join(REPO_ROOT, 'CHANGELOG.md'),
): ChartRelease {
  const chart = parse(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as {
    name: string;
    version: string;
    appVersion: string;
  };
  if (!/^\d+\.\d+\.\d+$/.test(chart.version)) {
    throw new Error(`helm/Chart.yaml: version ${chart.version} is not a semantic version (1.2.3)`);
  }
  if (String(chart.appVersion) !== chart.version) {
    throw new Error(
      `helm/Chart.yaml: appVersion ${chart.appVersion} differs from version ${chart.version}; the images are tagged with one number`,
    );
  }
  const changelog = changelogEntry(fs.readFileSync(changelogFile, 'utf8'), chart.version);
  if (changelog === null) {
    throw new Error(
      `CHANGELOG.md has no entry "## [${chart.version}] - YYYY-MM-DD": write what changed and the upgrade notes first`,
    );
  }
  return { name: chart.name, version: chart.version, changelog };
}
