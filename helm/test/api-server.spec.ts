/**
 * The chart and the k8s/ manifests against a real Kubernetes 1.34 API server (etcd and
 * kube-apiserver, no nodes): every object rendered with every values file is dry-run in a namespace
 * enforcing the `restricted` Pod Security level, with strict field validation and warnings as
 * errors, and every pod template again as a bare Pod. The last tests show that the check can fail.
 */
import {
  VALUE_SETS,
  byKind,
  devClusterManifests,
  renderChart,
  type KubeObject,
} from './support/chart';
import {
  applyForReal,
  asBarePods,
  dryRun,
  installChartResourceDefinitions,
  restrictedNamespace,
  useApiServer,
} from './support/api-server';

const server = useApiServer();

beforeAll(() => {
  expect(installChartResourceDefinitions(server())).toMatchObject({ status: 0, stderr: '' });
});

const namespaceFor = (valueSet: string) => `chart-${valueSet.replace(/\W+/g, '-')}`;

describe.each(Object.entries(VALUE_SETS))(
  'the chart with the %s values, on the API server',
  (name, files) => {
    const namespace = namespaceFor(name);
    const objects = () => renderChart(files);

    beforeAll(() => {
      expect(restrictedNamespace(server(), namespace)).toMatchObject({ status: 0, stderr: '' });
      const accounts = byKind(objects(), 'ServiceAccount');
      expect(accounts.length).toBeGreaterThan(0);
      expect(applyForReal(server(), namespace, accounts)).toMatchObject({ status: 0, stderr: '' });
    });

    it('is accepted whole: every object valid, admitted, no warning', () => {
      const others = objects().filter((object) => object.kind !== 'ServiceAccount');
      const result = dryRun(server(), namespace, others);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const lines = result.stdout.trim().split('\n');
      expect(lines).toHaveLength(others.length);
      for (const line of lines) expect(line).toMatch(/ (created|configured) \(server dry run\)$/);
    });

    it('runs every pod template as a Pod the namespace admits', () => {
      const pods = asBarePods(objects());
      expect(pods.length).toBeGreaterThan(0);
      const result = dryRun(server(), namespace, pods);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });
  },
);

describe('the development cluster manifests in k8s/, on the API server', () => {
  it('are accepted in their own namespace, which enforces `restricted`', () => {
    const { objects } = devClusterManifests();
    const [namespace, ...more] = byKind(objects, 'Namespace');
    expect(more).toEqual([]);
    const name = namespace!.metadata.name;
    expect(applyForReal(server(), name, [namespace!])).toMatchObject({ status: 0, stderr: '' });
    const account: KubeObject = {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'default' },
    };
    expect(applyForReal(server(), name, [account])).toMatchObject({ status: 0, stderr: '' });
    const rest = objects.filter((object) => object.kind !== 'Namespace');
    const result = dryRun(server(), name, [...rest, ...asBarePods(rest)]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('the check can fail', () => {
  const namespace = namespaceFor('refusals');
  /** The chart's gateway Deployment (default values), changed by `change`. */
  const gateway = (
    change: (container: Record<string, unknown>, pod: Record<string, unknown>) => void,
  ) => {
    const deployment = structuredClone(
      byKind(renderChart(VALUE_SETS.default!), 'Deployment').find(
        (object) => object.metadata.labels?.['app.kubernetes.io/component'] === 'gateway',
      )!,
    ) as KubeObject & { spec: { template: { spec: { containers: Record<string, unknown>[] } } } };
    const pod = deployment.spec.template.spec;
    change(pod.containers[0]!, pod);
    return deployment;
  };
  const securityContext = (container: Record<string, unknown>) =>
    container.securityContext as Record<string, unknown>;

  beforeAll(() => {
    expect(restrictedNamespace(server(), namespace)).toMatchObject({ status: 0, stderr: '' });
    const accounts = byKind(renderChart(VALUE_SETS.default!), 'ServiceAccount');
    expect(applyForReal(server(), namespace, accounts)).toMatchObject({ status: 0, stderr: '' });
  });

  it('admits the unchanged gateway, as a Deployment and as a Pod', () => {
    const unchanged = gateway(() => undefined);
    expect(dryRun(server(), namespace, [unchanged, ...asBarePods([unchanged])])).toMatchObject({
      status: 0,
      stderr: '',
    });
  });

  it('refuses a privileged pod, and warns (an error here) about a privileged Deployment', () => {
    const privileged = gateway((container) => {
      securityContext(container).privileged = true;
      securityContext(container).allowPrivilegeEscalation = true;
    });
    const pod = dryRun(server(), namespace, asBarePods([privileged]));
    expect(pod.status).not.toBe(0);
    expect(pod.stderr).toContain('is forbidden: violates PodSecurity "restricted:latest"');
    expect(pod.stderr).toContain('privileged');
    const deployment = dryRun(server(), namespace, [privileged]);
    expect(deployment.status).not.toBe(0);
    expect(deployment.stderr).toContain('would violate PodSecurity "restricted:latest"');
  });

  it('refuses a pod that may run as root', () => {
    const root = gateway((container, pod) => {
      delete securityContext(container).runAsNonRoot;
      delete (pod.securityContext as Record<string, unknown>).runAsNonRoot;
      securityContext(container).runAsUser = 0;
    });
    const result = dryRun(server(), namespace, asBarePods([root]));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('runAsNonRoot != true');
    expect(result.stderr).toContain('runAsUser=0');
  });

  it('refuses a misspelt field, naming where it is (strict field validation)', () => {
    const misspelt = gateway((container) => {
      const context = securityContext(container);
      context.readOnlyRootFileSystem = context.readOnlyRootFilesystem;
      delete context.readOnlyRootFilesystem;
    });
    const result = dryRun(server(), namespace, [misspelt]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Error from server (BadRequest)');
    expect(result.stderr).toContain(
      'strict decoding error: unknown field "spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem"',
    );
  });

  it('refuses a value of the wrong type and an API version the server does not serve', () => {
    const wrongType = gateway(() => undefined) as KubeObject & { spec: Record<string, unknown> };
    wrongType.spec.replicas = 'two';
    const typed = dryRun(server(), namespace, [wrongType]);
    expect(typed.status).not.toBe(0);
    expect(typed.stderr).toContain('replicas');
    const budget: KubeObject = {
      apiVersion: 'policy/v1beta1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'old' },
      spec: { maxUnavailable: 1 },
    };
    const removed = dryRun(server(), namespace, [budget]);
    expect(removed.status).not.toBe(0);
    expect(removed.stderr).toContain(
      'no matches for kind "PodDisruptionBudget" in version "policy/v1beta1"',
    );
  });

  it("checks the HTTPRoute against the Gateway API's schema: a timeout without its unit is refused", () => {
    const [route] = byKind(renderChart(VALUE_SETS['http route']!), 'HTTPRoute') as (KubeObject & {
      spec: { rules: { timeouts?: { request: string } }[] };
    })[];
    expect(dryRun(server(), namespace, [route!])).toMatchObject({ status: 0, stderr: '' });
    const unitless = structuredClone(route!);
    unitless.spec.rules[0]!.timeouts = { request: '330' };
    const result = dryRun(server(), namespace, [unitless]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('spec.rules[0].timeouts.request');
  });
});
