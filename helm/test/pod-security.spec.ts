import type { Container } from 'kubernetes-types/core/v1';
import {
  VALUE_SETS,
  byKind,
  devClusterManifests,
  renderChart,
  type KubeObject,
} from './support/chart';
import { containersOf, podTemplates, workloadName, type PodTemplate } from './support/pods';

/**
 * The project's rules for every container beyond the `restricted` Pod Security Standard, which
 * the API server itself enforces in api-server.spec.ts (non-root, no privilege escalation,
 * capabilities dropped, seccomp, no host namespaces or hostPath).
 */
function containerProblems(pod: PodTemplate, container: Container): string[] {
  const where = workloadName(pod, container);
  const problems: string[] = [];
  const security = container.securityContext ?? {};
  if (security.readOnlyRootFilesystem !== true) problems.push(`${where}: writable root filesystem`);
  if ((security.capabilities?.add ?? []).length > 0) problems.push(`${where}: adds capabilities`);
  for (const kind of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory']) {
      if (!container.resources?.[kind]?.[resource])
        problems.push(`${where}: no ${resource} ${kind}`);
    }
  }
  const image = container.image ?? '';
  const tag = /^[^@]+:([^/@:]+)(@.*)?$/.exec(image)?.[1];
  if (!tag && !image.includes('@sha256:')) problems.push(`${where}: image ${image} has no tag`);
  if (tag === 'latest') problems.push(`${where}: image ${image} is tagged latest`);
  return problems;
}

/** The one pod that talks to the API server: the hook Job creating the service credential. */
const CREDENTIALS_JOB = 'Job/mcat-logbook-credentials';

function podProblems(pod: PodTemplate): string[] {
  const problems =
    pod.spec.automountServiceAccountToken === false || workloadName(pod) === CREDENTIALS_JOB
      ? []
      : [`${workloadName(pod)}: mounts a service account token`];
  return [
    ...problems,
    ...containersOf(pod).flatMap((container) => containerProblems(pod, container)),
  ];
}

const deploymentPods = (objects: KubeObject[]) =>
  podTemplates(objects).filter((pod) => pod.owner.kind === 'Deployment');

describe.each(Object.entries(VALUE_SETS))(
  'pods of the chart with the %s values',
  (_name, files) => {
    it('all run read-only, without added capabilities or API tokens, with resources and a pinned image', () => {
      const pods = podTemplates(renderChart(files));
      expect(pods.length).toBeGreaterThan(0);
      expect(pods.flatMap(podProblems)).toEqual([]);
    });

    it('are checked for liveness on /healthz and readiness on /readyz', () => {
      const problems = deploymentPods(renderChart(files)).flatMap((pod) =>
        containersOf(pod).flatMap((container) => {
          const where = workloadName(pod, container);
          const found: string[] = [];
          if (container.livenessProbe?.httpGet?.path !== '/healthz')
            found.push(`${where}: liveness is not GET /healthz`);
          if (container.readinessProbe?.httpGet?.path !== '/readyz')
            found.push(`${where}: readiness is not GET /readyz`);
          return found;
        }),
      );
      expect(problems).toEqual([]);
    });

    it('use ServiceAccounts that do not mount API tokens', () => {
      const objects = renderChart(files);
      const accounts = byKind<KubeObject & { automountServiceAccountToken?: boolean }>(
        objects,
        'ServiceAccount',
      );
      expect(accounts.filter((account) => account.automountServiceAccountToken !== false)).toEqual(
        [],
      );
      const names = new Set(accounts.map((account) => account.metadata.name));
      for (const pod of podTemplates(objects)) expect(names).toContain(pod.spec.serviceAccountName);
    });

    it('roll when their configuration or secrets change (checksum annotations)', () => {
      for (const pod of deploymentPods(renderChart(files))) {
        expect(pod.annotations['checksum/config']).toMatch(/^[a-f0-9]{64}$/);
        expect(pod.annotations['checksum/secrets']).toMatch(/^[a-f0-9]{64}$/);
      }
    });
  },
);

describe('checksum annotations', () => {
  const checksums = (sets: Record<string, string>) =>
    Object.fromEntries(
      deploymentPods(renderChart(['test/fixtures/values-inline-secrets.yaml'], sets)).map((pod) => [
        pod.labels['app.kubernetes.io/component'],
        pod.annotations,
      ]),
    );

  it('change for the pods whose ConfigMap changed, and only for them', () => {
    const before = checksums({});
    const after = checksums({ 'billing.devCoupons': 'SAVE10:10' });
    expect(after.billing?.['checksum/config']).not.toBe(before.billing?.['checksum/config']);
    expect(after.auth?.['checksum/config']).toBe(before.auth?.['checksum/config']);
  });

  it('change for the pods using a Secret whose value changed', () => {
    const before = checksums({});
    const after = checksums({ 'mailer.smtp.url': 'smtp://other.example.org:587' });
    expect(after.mailer?.['checksum/secrets']).not.toBe(before.mailer?.['checksum/secrets']);
    expect(after.tests?.['checksum/secrets']).toBe(before.tests?.['checksum/secrets']);
  });
});

describe('the development cluster manifests', () => {
  it('meet the same rules (and their namespace enforces `restricted`)', () => {
    const { objects } = devClusterManifests();
    const namespace = byKind(objects, 'Namespace')[0];
    expect(namespace?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    const pods = podTemplates(objects);
    expect(pods.length).toBe(4);
    expect(pods.flatMap(podProblems)).toEqual([]);
    for (const pod of pods) {
      for (const container of containersOf(pod)) {
        expect(container.livenessProbe).toBeDefined();
        expect(container.readinessProbe).toBeDefined();
      }
    }
  });
});
