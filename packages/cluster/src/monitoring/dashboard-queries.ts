/**
 * The queries of a Grafana dashboard (the chart's dashboards/mcat-logbook.json) as Prometheus runs
 * them once Grafana has put in its variables: `$job` (the PodMonitor's job,
 * `<namespace>/<fullname>`), `$namespace`, `$release` and `$__rate_interval`. The chart's tests
 * check them with promtool, the cluster test on a real Prometheus.
 */

export interface DashboardQuery {
  panel: string;
  expr: string;
}

interface Dashboard {
  panels: { title: string; targets?: { expr: string }[] }[];
}

export function dashboardQueries(
  json: string,
  release: { namespace: string; fullname: string },
  rateInterval = '2m',
): DashboardQuery[] {
  const dashboard = JSON.parse(json) as Dashboard;
  const resolve = (expr: string) =>
    expr
      .replaceAll('$__rate_interval', rateInterval)
      .replaceAll('$job', `${release.namespace}/${release.fullname}`)
      .replaceAll('$namespace', release.namespace)
      .replaceAll('$release', release.fullname);
  return dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: resolve(target.expr) })),
  );
}
