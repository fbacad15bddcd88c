/**
 * The Kubernetes 1.30 validation of support/kube-schemas.ts. Checked: only kinds and versions the
 * 1.30 API declares (kubernetes-types 1.30.0); unknown fields at any depth against the 1.30 types,
 * so misspelt, misplaced and post-1.30 fields are refused; values (types, enums, required fields,
 * formats) by the kubernetes-models validators. Not checked: rules only the API server enforces
 * (name formats, immutable and cross-field rules).
 */
import { VALUE_SETS, byKind, renderChart, type KubeObject } from './support/chart';
import { schemaProblems } from './support/kube-schemas';

/** A copy of the chart's auth Deployment, changed by `change`. */
function changedDeployment(change: (deployment: Deployment) => void): KubeObject {
  const [first] = byKind<Deployment>(renderChart(VALUE_SETS.default!), 'Deployment');
  const copy = structuredClone(first!);
  change(copy);
  return copy;
}
interface Deployment extends KubeObject {
  spec: {
    replicas?: unknown;
    template: {
      spec: {
        containers: Record<string, unknown>[];
        securityContext: Record<string, unknown>;
        resources?: unknown;
      };
    };
  };
}
const container = (deployment: Deployment) => deployment.spec.template.spec.containers[0]!;

describe('validation against the Kubernetes 1.30 API', () => {
  it('accepts a Deployment as the chart renders it', () => {
    expect(schemaProblems(changedDeployment(() => undefined))).toEqual([]);
  });

  it('refuses a misspelt field, naming where it is', () => {
    const deployment = changedDeployment((copy) => {
      const securityContext = container(copy).securityContext as Record<string, unknown>;
      securityContext.readOnlyRootFileSystem = securityContext.readOnlyRootFilesystem;
      delete securityContext.readOnlyRootFilesystem;
    });
    expect(schemaProblems(deployment)).toEqual([
      `Deployment/${deployment.metadata.name}: unknown field spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem`,
    ]);
  });

  it('refuses fields added after Kubernetes 1.30, naming where they are', () => {
    const deployment = changedDeployment((copy) => {
      container(copy).lifecycle = { stopSignal: 'SIGTERM' };
      copy.spec.template.spec.resources = { limits: { cpu: '1' } };
    });
    expect(schemaProblems(deployment)).toEqual([
      `Deployment/${deployment.metadata.name}: unknown field spec.template.spec.containers[0].lifecycle.stopSignal`,
      `Deployment/${deployment.metadata.name}: unknown field spec.template.spec.resources`,
    ]);
  });

  it('refuses a field set on the wrong object', () => {
    const deployment = changedDeployment((copy) => {
      container(copy).runAsNonRoot = true;
      copy.spec.template.spec.securityContext.capabilities = { drop: ['ALL'] };
    });
    expect(schemaProblems(deployment)).toEqual([
      `Deployment/${deployment.metadata.name}: unknown field spec.template.spec.securityContext.capabilities`,
      `Deployment/${deployment.metadata.name}: unknown field spec.template.spec.containers[0].runAsNonRoot`,
    ]);
  });

  it('refuses a value of the wrong type', () => {
    const deployment = changedDeployment((copy) => {
      copy.spec.replicas = 'two';
    });
    const problems = schemaProblems(deployment);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('/spec/replicas');
  });

  it('accepts any label or annotation (free-form maps)', () => {
    const deployment = changedDeployment((copy) => {
      copy.metadata.labels = { ...copy.metadata.labels, 'example.org/any-label': 'yes' };
      copy.metadata.annotations = { 'example.org/any-annotation': 'yes' };
    });
    expect(schemaProblems(deployment)).toEqual([]);
  });

  it('refuses an API version a 1.30 cluster does not serve', () => {
    const budget: KubeObject = {
      apiVersion: 'policy/v1beta1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'old' },
      spec: { maxUnavailable: 1 },
    };
    expect(schemaProblems(budget)).toEqual([
      'PodDisruptionBudget/old: policy/v1beta1 PodDisruptionBudget is not a known 1.30 API',
    ]);
  });

  it('refuses a kind added after Kubernetes 1.30', () => {
    const claim: KubeObject = {
      apiVersion: 'resource.k8s.io/v1beta1',
      kind: 'ResourceClaim',
      metadata: { name: 'new' },
      spec: {},
    };
    expect(schemaProblems(claim)).toEqual([
      'ResourceClaim/new: resource.k8s.io/v1beta1 ResourceClaim is not a known 1.30 API',
    ]);
  });

  it('refuses a 1.30 kind whose values no model validates, rather than skip it', () => {
    const pod: KubeObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'bare' },
      spec: { containers: [{ name: 'app', image: 'app:1.0.0' }] },
    };
    expect(schemaProblems(pod)).toEqual([
      'Pod/bare: no model validates v1/Pod values (see VALUE_MODELS)',
    ]);
  });
});
