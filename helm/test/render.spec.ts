import fs from 'node:fs';
import path from 'node:path';
import {
  DEPLOYABLES,
  REPO_ROOT,
  VALUE_SETS,
  byKind,
  devClusterManifests,
  renderChart,
  runHelm,
} from './support/chart';
import { podTemplates } from './support/pods';

describe.each(Object.entries(VALUE_SETS))('the chart with the %s values', (_name, files) => {
  it('passes helm lint --strict', () => {
    const lint = runHelm(['lint', '--strict', '.', ...files.flatMap((file) => ['-f', file])]);
    expect(lint.stdout + lint.stderr).toContain('0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it('renders a Deployment, a Service and a ServiceAccount for every deployable', () => {
    const objects = renderChart(files);
    for (const kind of ['Deployment', 'Service', 'ServiceAccount']) {
      const components = byKind(objects, kind).map(
        (object) => object.metadata.labels?.['app.kubernetes.io/component'],
      );
      expect(components).toEqual(expect.arrayContaining([...DEPLOYABLES]));
    }
  });

  it('gives every object a unique kind and name', () => {
    const ids = renderChart(files).map((object) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the chart layout', () => {
  it('has one template file per deployable', () => {
    const templates = fs.readdirSync(path.join(REPO_ROOT, 'helm', 'templates'));
    for (const deployable of DEPLOYABLES) expect(templates).toContain(`${deployable}.yaml`);
  });
});

describe('the development cluster manifests in k8s/', () => {
  it('lists every manifest of the folder in kustomization.yaml', () => {
    const { files } = devClusterManifests();
    const manifests = fs
      .readdirSync(path.join(REPO_ROOT, 'k8s'))
      .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...files].sort()).toEqual(manifests.sort());
  });

  it('run MongoDB and NATS as StatefulSets with volumes, plus Redis and an SMTP catcher', () => {
    const { objects } = devClusterManifests();
    const statefulSets = byKind<{
      metadata: { name: string };
      spec: {
        volumeClaimTemplates?: unknown[];
        template: { spec: { containers: { image: string; args?: string[] }[] } };
      };
    }>(objects, 'StatefulSet');
    const mongo = statefulSets.find((set) => set.metadata.name === 'mongodb');
    const nats = statefulSets.find((set) => set.metadata.name === 'nats');
    expect(mongo?.spec.template.spec.containers[0]?.image).toMatch(/^mongo:\d/);
    expect(mongo?.spec.volumeClaimTemplates).toHaveLength(1);
    expect(nats?.spec.template.spec.containers[0]?.args).toContain('--jetstream');
    expect(nats?.spec.volumeClaimTemplates).toHaveLength(1);
    const services = byKind(objects, 'Service').map((service) => service.metadata.name);
    expect(services).toEqual(expect.arrayContaining(['mongodb', 'nats', 'redis', 'mailpit']));
  });
});

describe('a stopping pod', () => {
  const preStops = (files: string[] = []) =>
    podTemplates(renderChart(files))
      .filter((pod) => pod.owner.kind === 'Deployment')
      .map((pod) => ({
        deployment: pod.owner.metadata.name,
        preStop: pod.spec.containers[0]?.lifecycle?.preStop,
        grace: pod.spec.terminationGracePeriodSeconds,
      }));

  it('serves on for preStopSeconds before SIGTERM, within the grace period, in every Deployment', () => {
    const pods = preStops();
    expect(pods).toHaveLength(DEPLOYABLES.length);
    for (const pod of pods) {
      expect(pod).toEqual({
        deployment: pod.deployment,
        preStop: { exec: { command: ['sleep', '10'] } },
        grace: 30,
      });
    }
  });

  it('gets SIGTERM at once with preStopSeconds 0', () => {
    for (const pod of preStops(['test/fixtures/values-no-prestop.yaml'])) {
      expect(pod.preStop).toBeUndefined();
    }
  });
});

describe('a pod on a lost node', () => {
  const tolerations = (files: string[] = []) =>
    podTemplates(renderChart(files))
      .filter((pod) => pod.owner.kind === 'Deployment')
      .map((pod) => pod.spec.tolerations ?? []);
  const nodeLoss = (seconds: number) =>
    ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'].map((key) => ({
      key,
      operator: 'Exists',
      effect: 'NoExecute',
      tolerationSeconds: seconds,
    }));

  it('is evicted after nodeLossTolerationSeconds (30 s), not Kubernetes’ 300 s, in every Deployment', () => {
    const pods = tolerations();
    expect(pods).toHaveLength(DEPLOYABLES.length);
    for (const pod of pods) expect(pod).toEqual(nodeLoss(30));
  });

  it('keeps the tolerations an operator adds, and leaves Kubernetes’ default with null', () => {
    const dedicated = { key: 'dedicated', operator: 'Equal', value: 'mcat', effect: 'NoSchedule' };
    for (const pod of tolerations(['test/fixtures/values-node-loss.yaml'])) {
      expect(pod).toEqual([dedicated, ...nodeLoss(12)]);
    }
    for (const pod of tolerations(['test/fixtures/values-node-loss-unset.yaml'])) {
      expect(pod).toEqual([]);
    }
  });
});
