/**
 * The chart's alerts (templates/prometheusrule.yaml), run by Prometheus' own rule engine:
 * `promtool test rules` on fixtures/alerts.promtool.yaml, which feeds each alert the series that
 * should fire it (and some that should not) and names the labels and texts it must fire with.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { ensureTool } from '@mcat/test-support/stack';
import { CHART_DIR, byKind, renderChart } from './support/chart';

const FIXTURE = path.join(CHART_DIR, 'test/fixtures/alerts.promtool.yaml');

/** The chart's rule groups with these thresholds, through `promtool test rules`. */
function promtoolTest(thresholds: Record<string, number> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-alerts-'));
  try {
    const values = path.join(dir, 'values.yaml');
    fs.writeFileSync(values, stringify({ metrics: { prometheusRule: thresholds } }));
    const [rule, ...more] = byKind(
      renderChart(['test/fixtures/values-monitoring.yaml', values]),
      'PrometheusRule',
    ) as unknown as { spec: { groups: unknown[] } }[];
    expect(more).toEqual([]);
    fs.writeFileSync(path.join(dir, 'rules.yaml'), stringify({ groups: rule!.spec.groups }));
    fs.copyFileSync(FIXTURE, path.join(dir, 'alerts.promtool.yaml'));
    const result = spawnSync(ensureTool('promtool'), ['test', 'rules', 'alerts.promtool.yaml'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the chart's alerts", () => {
  it('fire on their faults, with their labels and texts, and stay quiet otherwise', () => {
    const result = promtoolTest();
    expect(result.output).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('follow their thresholds: a 10% error ratio does not fire one set at 20%', () => {
    const result = promtoolTest({ errorRatio: 0.2 });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('alertname: McatLogbookErrorRatio');
  });
});
