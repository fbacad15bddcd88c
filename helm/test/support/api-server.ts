/**
 * A real Kubernetes API server for a test file (packages/runner/src/api-server.ts: etcd and
 * kube-apiserver on loopback ports, started once before the file's tests and stopped after them),
 * and the ways the chart's tests send objects to it.
 */
import fs from 'node:fs';
import {
  customResourceDefinition,
  startApiServer,
  type ApiServer,
  type KubectlResult,
} from '@mcat/test-support/stack';
import type { KubeObject } from './chart';
import { podTemplates } from './pods';

/** Start takes about 5 s; a direct jest run on a machine without the tools builds them first. */
const START_TIMEOUT_MS = 20 * 60_000;

export function useApiServer(): () => ApiServer {
  let server: ApiServer | undefined;
  beforeAll(async () => {
    server = await startApiServer((line) => process.stderr.write(`${line}\n`));
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the API server did not start');
    return server;
  };
}

/** The custom resources the chart renders, by API group and plural. */
const CHART_CUSTOM_RESOURCES = [
  ['gateway.networking.k8s.io', 'httproutes'],
  ['monitoring.coreos.com', 'podmonitors'],
  ['monitoring.coreos.com', 'prometheusrules'],
] as const;

/**
 * Installs the definitions of the custom resources the chart renders (HTTPRoute, PodMonitor,
 * PrometheusRule, from their projects' Go modules) and waits until the server serves them, so that
 * those objects are checked against their schemas like any built-in kind.
 */
export function installChartResourceDefinitions(server: ApiServer): KubectlResult {
  for (const [group, plural] of CHART_CUSTOM_RESOURCES) {
    // Created, not applied: a definition can be larger than apply's last-applied annotation allows.
    const created = server.kubectl(
      ['create', '-f', '-'],
      fs.readFileSync(customResourceDefinition(group, plural), 'utf8'),
    );
    if (created.status !== 0) return created;
  }
  return server.kubectl([
    'wait',
    '--for=condition=Established',
    '--timeout=60s',
    ...CHART_CUSTOM_RESOURCES.map(([group, plural]) => `crd/${plural}.${group}`),
  ]);
}

/**
 * The objects as a stream of documents. Not as one v1 List: kubectl then validates on its own side
 * against the OpenAPI, instead of asking the server for strict field validation.
 */
const asDocuments = (objects: KubeObject[]): string =>
  objects.map((object) => JSON.stringify(object)).join('\n---\n');

/** Creates (for real) a namespace enforcing and warning on the `restricted` Pod Security level. */
export function restrictedNamespace(server: ApiServer, name: string): KubectlResult {
  const namespace: KubeObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      labels: {
        'pod-security.kubernetes.io/enforce': 'restricted',
        'pod-security.kubernetes.io/warn': 'restricted',
      },
    },
  };
  return applyForReal(server, name, [namespace]);
}

/**
 * Creates the objects (for real). A dry run creates nothing, and a pod is only admitted once its
 * ServiceAccount exists (without a controller-manager, not even `default` is made for us).
 */
export function applyForReal(
  server: ApiServer,
  namespace: string,
  objects: KubeObject[],
): KubectlResult {
  return server.kubectl(
    ['apply', '--validate=strict', '--warnings-as-errors', '-n', namespace, '-f', '-'],
    asDocuments(objects),
  );
}

/**
 * Sends the objects to the server as `kubectl apply` would, without storing them: the server
 * checks each field (unknown or duplicated fields refused, not dropped), every value, admission
 * (Pod Security), and any warning fails the command.
 */
export function dryRun(server: ApiServer, namespace: string, objects: KubeObject[]): KubectlResult {
  return server.kubectl(
    [
      'apply',
      '--dry-run=server',
      '--validate=strict',
      '--warnings-as-errors',
      '-n',
      namespace,
      '-f',
      '-',
    ],
    asDocuments(objects),
  );
}

/**
 * Each workload's pod template as a bare Pod: Pod Security only warns about a Deployment's or a
 * Job's template, but it refuses a Pod. A StatefulSet's claim templates become the claims its
 * first pod would mount.
 */
export const asBarePods = (objects: KubeObject[]): KubeObject[] =>
  podTemplates(objects).map((pod) => {
    const claims =
      (pod.owner.spec as { volumeClaimTemplates?: { metadata: { name: string } }[] })
        .volumeClaimTemplates ?? [];
    const claimVolumes = claims.map(({ metadata: { name } }) => ({
      name,
      persistentVolumeClaim: { claimName: `${name}-${pod.owner.metadata.name}-0` },
    }));
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `${pod.owner.kind.toLowerCase()}-${pod.owner.metadata.name}`,
        labels: pod.labels,
        annotations: pod.annotations,
      },
      spec: { ...pod.spec, volumes: [...(pod.spec.volumes ?? []), ...claimVolumes] },
    };
  });
