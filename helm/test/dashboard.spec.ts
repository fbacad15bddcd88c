/**
 * The chart's Grafana dashboard (templates/dashboard.yaml, dashboards/mcat-logbook.json): a
 * ConfigMap only when asked for, labelled for Grafana's sidecar, holding a dashboard whose every
 * panel query is valid PromQL (Prometheus' own `promtool check rules`, each query made a recording
 * rule) and which shows each series the alerts watch. The cluster test runs the queries on a real
 * Prometheus (packages/cluster/test/product.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { dashboardQueries, ensureTool } from '@mcat/test-support/stack';
import { VALUE_SETS, byKind, renderChart, type KubeObject } from './support/chart';

interface Dashboard {
  uid: string;
  templating: { list: { name: string }[] };
}

const MONITORING = 'test/fixtures/values-monitoring.yaml';

function dashboardMap(
  files: string[],
): (KubeObject & { data: Record<string, string> }) | undefined {
  const maps = byKind(renderChart(files), 'ConfigMap') as (KubeObject & {
    data: Record<string, string>;
  })[];
  return maps.find((map) => map.metadata.name === 'mcat-logbook-dashboard');
}

const dashboardJson = (): string => dashboardMap([MONITORING])?.data['mcat-logbook.json'] ?? 'null';
const dashboard = (): Dashboard => JSON.parse(dashboardJson()) as Dashboard;
const queries = () =>
  dashboardQueries(dashboardJson(), { namespace: 'mcat', fullname: 'mcat-logbook' });

describe("the chart's Grafana dashboard", () => {
  it.each(Object.entries(VALUE_SETS))(
    'is not rendered unless asked for (%s values)',
    (_name, files) => {
      expect(dashboardMap(files)).toBeUndefined();
    },
  );

  it("is a ConfigMap Grafana's sidecar loads, with the dashboard as its one file", () => {
    const map = dashboardMap([MONITORING]);
    expect(map?.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(Object.keys(map?.data ?? {})).toEqual(['mcat-logbook.json']);
    expect(dashboard().uid).toBe('mcat-logbook');
    expect(dashboard().templating.list.map((variable) => variable.name)).toEqual([
      'datasource',
      'job',
      'namespace',
      'release',
    ]);
  });

  it('has only valid PromQL in its panels (promtool check rules)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-dashboard-'));
    try {
      const rules = queries().map((query, index) => ({
        record: `dashboard:query_${index}`,
        expr: query.expr,
      }));
      expect(rules.length).toBeGreaterThan(8);
      fs.writeFileSync(
        path.join(dir, 'rules.yaml'),
        stringify({ groups: [{ name: 'dashboard', rules }] }),
      );
      const checked = spawnSync(ensureTool('promtool'), ['check', 'rules', 'rules.yaml'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(`${checked.stdout}${checked.stderr}`).toContain(
        `SUCCESS: ${rules.length} rules found`,
      );
      expect(checked.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows every series an alert of the chart watches', () => {
    const [rule] = byKind(renderChart([MONITORING]), 'PrometheusRule') as unknown as {
      spec: { groups: { rules: { expr: string }[] }[] };
    }[];
    const seriesOf = (expr: string) =>
      new Set([...expr.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((match) => match[1]));
    const alerted = new Set(
      rule?.spec.groups.flatMap((group) => group.rules.flatMap((r) => [...seriesOf(r.expr)])),
    );
    const shown = new Set(queries().flatMap((query) => [...seriesOf(query.expr)]));
    expect(alerted.size).toBeGreaterThan(5);
    expect([...alerted].filter((series) => !shown.has(series))).toEqual([]);
  });
});
