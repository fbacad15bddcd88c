/**
 * CustomResourceDefinitions from their projects' Go modules (CRD_SOURCES) on a cluster's API
 * server: applied server-side, then waited for until Established, so that objects of their kinds
 * (the chart's PodMonitor, its HTTPRoute) can be applied next.
 */
import { CRD_SOURCES, customResourceDefinition } from '@mcat/runner/tools';
import { kubectlOk, type Cluster } from './cluster';

export function installCustomResources(
  cluster: Cluster,
  group: keyof typeof CRD_SOURCES,
  plurals: readonly string[],
): void {
  for (const plural of plurals) {
    kubectlOk(cluster, [
      ...['apply', '--server-side', '--force-conflicts'],
      ...['-f', customResourceDefinition(group, plural)],
    ]);
  }
  for (const plural of plurals) {
    kubectlOk(cluster, [
      ...['wait', '--for=condition=Established', '--timeout=60s'],
      `crd/${plural}.${group}`,
    ]);
  }
}
