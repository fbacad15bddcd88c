import { parse } from 'yaml';
import fs from 'node:fs';
import path from 'node:path';
import { JWKS_REQUEST, TOPOLOGY, type Topology } from '../../packages/contracts/src/topology';
import {
  CHART_DIR,
  DEPLOYABLES,
  VALUE_SETS,
  byKind,
  componentOf,
  renderChart,
  type KubeObject,
} from './support/chart';
import { environmentOf } from './support/environment';
import { podTemplates } from './support/pods';
import { selects, type LabelSelector } from './support/selectors';
import {
  INGRESS_CONTROLLER,
  calleesOf,
  callersOf,
  dependenciesOf,
  letsOut,
  reachabilityDifferences,
  type Peer,
  type Policy,
} from './support/topology-policies';
interface ServiceObject extends KubeObject {
  spec: {
    selector: Record<string, string>;
    ports: { port: number; targetPort?: number | string }[];
  };
}

/** Hosts a pod reaches itself on, whatever its NetworkPolicies say. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The deployables that verify tokens, each with a JWKS_URL: the callers of auth's JWKS, and auth,
 * which reads its own on loopback.
 */
const TOKEN_VERIFIERS = [
  ...new Set(
    TOPOLOGY.calls
      .filter((call) => call.requests.includes(JWKS_REQUEST))
      .flatMap((call) => [...call.from, call.to]),
  ),
];

const METRICS_SCRAPER = 'metrics scraper';

/** The topology without the calls matching `drop` and with `add`, to see a check notice it. */
const changedTopology = (
  drop: (call: Topology['calls'][number]) => boolean,
  add: Topology['calls'] = [],
): Topology => ({ ...TOPOLOGY, calls: [...TOPOLOGY.calls.filter((call) => !drop(call)), ...add] });

interface ChartValues {
  networkPolicy: {
    ingressController: { namespaceSelector: LabelSelector; podSelector: LabelSelector };
    metricsScraper: {
      enabled: boolean;
      namespaceSelector: LabelSelector;
      podSelector: LabelSelector;
    };
  };
  billing: { paymentProvider: string };
}
const valuesOf = (files: string[]): ChartValues => {
  const layers = ['values.yaml', ...files].map(
    (file) => parse(fs.readFileSync(path.join(CHART_DIR, file), 'utf8')) as Record<string, unknown>,
  );
  const merge = (base: unknown, over: unknown): unknown =>
    base && over && typeof base === 'object' && typeof over === 'object' && !Array.isArray(over)
      ? Object.fromEntries(
          [...new Set([...Object.keys(base), ...Object.keys(over)])].map((key) => [
            key,
            merge((base as Record<string, unknown>)[key], (over as Record<string, unknown>)[key]),
          ]),
        )
      : (over ?? base);
  return layers.reduce<unknown>(merge, {}) as ChartValues;
};

const sameSelector = (a: LabelSelector | undefined, b: LabelSelector | undefined) =>
  JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

describe.each(Object.entries(VALUE_SETS))('network policies with the %s values', (_name, files) => {
  const objects = () => renderChart(files);
  const policies = () => byKind<Policy>(objects(), 'NetworkPolicy');
  const pods = () => podTemplates(objects());
  const values = valuesOf(files);

  /** Names a peer: a deployable of the release, the ingress controller or the metrics scraper. */
  const peerName = (peer: Peer): string => {
    const { ingressController, metricsScraper } = values.networkPolicy;
    if (peer.namespaceSelector || peer.ipBlock) {
      if (
        sameSelector(peer.namespaceSelector, ingressController.namespaceSelector) &&
        sameSelector(peer.podSelector, ingressController.podSelector)
      )
        return INGRESS_CONTROLLER;
      if (
        sameSelector(peer.namespaceSelector, metricsScraper.namespaceSelector) &&
        sameSelector(peer.podSelector, metricsScraper.podSelector)
      )
        return METRICS_SCRAPER;
      return `outside peer ${JSON.stringify(peer)}`;
    }
    const matched = pods().filter((pod) => selects(peer.podSelector, pod.labels));
    const components = [...new Set(matched.map((pod) => componentOf(pod.labels)))];
    return components.length === 1
      ? String(components[0])
      : `peer matching ${components.join('+') || 'no pod'}`;
  };

  const policiesOf = (labels: Record<string, string>, type: string) =>
    policies().filter(
      (policy) =>
        policy.spec.policyTypes.includes(type) && selects(policy.spec.podSelector, labels),
    );

  it('deny everything to and from every pod of the release by default', () => {
    const denyAll = policies().filter(
      (policy) =>
        policy.spec.policyTypes.includes('Ingress') &&
        policy.spec.policyTypes.includes('Egress') &&
        !policy.spec.ingress?.length &&
        !policy.spec.egress?.length,
    );
    expect(denyAll).toHaveLength(1);
    for (const pod of pods()) expect(selects(denyAll[0]?.spec.podSelector, pod.labels)).toBe(true);
  });

  it('let only its callers reach each Service', () => {
    const metrics = values.networkPolicy.metricsScraper.enabled;
    for (const service of byKind<ServiceObject>(objects(), 'Service')) {
      const selected = pods().filter((pod) =>
        selects({ matchLabels: service.spec.selector }, pod.labels),
      );
      expect(selected.map((pod) => pod.owner.kind)).toEqual(['Deployment']);
      const labels = selected[0]?.labels ?? {};
      const rules = policiesOf(labels, 'Ingress').flatMap((policy) => policy.spec.ingress ?? []);
      for (const rule of rules) {
        expect(rule.from?.length).toBeGreaterThan(0);
        expect(rule.ports?.map((port) => port.port)).toEqual(['http']);
      }
      const callers = new Set(rules.flatMap((rule) => (rule.from ?? []).map(peerName)));
      const component = String(componentOf(labels));
      const expected = [...callersOf(TOPOLOGY, component), ...(metrics ? [METRICS_SCRAPER] : [])];
      expect({ service: service.metadata.name, callers: [...callers].sort() }).toEqual({
        service: service.metadata.name,
        callers: expected.sort(),
      });
    }
  });

  it('let each pod reach only the deployables it calls and the dependencies it needs', () => {
    const stripe = values.billing.paymentProvider === 'stripe';
    for (const pod of pods()) {
      const component = String(componentOf(pod.labels));
      const egress = policiesOf(pod.labels, 'Egress');
      const dependencies = egress
        .map((policy) => /-egress-(.+)$/.exec(policy.metadata.name)?.[1])
        .filter((name): name is string => Boolean(name));
      expect({ component, dependencies: dependencies.sort() }).toEqual({
        component,
        dependencies: dependenciesOf(TOPOLOGY, component, { stripe }),
      });
      const called = egress
        .filter((policy) => !/-egress-/.test(policy.metadata.name))
        .flatMap((policy) => policy.spec.egress ?? [])
        .flatMap((rule) => (rule.to ?? []).map(peerName));
      expect({ component, called: [...new Set(called)].sort() }).toEqual({
        component,
        called: calleesOf(TOPOLOGY, component),
      });
    }
  });

  it('let every gateway replica reach Redis, where they count the rate limits together', () => {
    const gateway = pods().find((pod) => componentOf(pod.labels) === 'gateway');
    const egress = policiesOf(gateway?.labels ?? {}, 'Egress').map(
      (policy) => policy.metadata.name,
    );
    expect(egress.filter((name) => name.endsWith('-egress-redis'))).toHaveLength(1);
    expect(dependenciesOf(TOPOLOGY, 'gateway', { stripe: false })).toContain('redis');
  });

  it("let exactly the topology's calls between the release's pods, on the callee's port", () => {
    expect(reachabilityDifferences(TOPOLOGY, objects())).toEqual([]);
  });

  it('notice a call the topology adds or loses', () => {
    const lost = changedTopology((call) => call.to === 'tests' && call.from.includes('questions'));
    expect(reachabilityDifferences(lost, objects())).toEqual([
      'questions → tests: let through by the egress policies, not a call of the topology',
      'questions → tests: let through by the ingress policies, not a call of the topology',
    ]);
    const added = changedTopology(
      () => false,
      [{ from: ['mailer'], to: 'billing', requests: ['GET /internal/anything'] }],
    );
    expect(reachabilityDifferences(added, objects())).toEqual([
      'mailer → billing: a call of the topology the egress policies do not let through',
      'mailer → billing: a call of the topology the ingress policies do not let through',
    ]);
    expect(dependenciesOf(added, 'mailer', { stripe: false })).toEqual(['dns', 'redis', 'smtp']);
    expect(callersOf(added, 'billing')).toEqual(['auth', 'gateway', 'mailer']);
  });

  it('let every service fetch its JWKS: on loopback, or from a Service its policies let it reach', () => {
    const services = byKind<ServiceObject>(objects(), 'Service');
    const unreachable: string[] = [];
    const verifiers: string[] = [];
    for (const pod of pods().filter((candidate) => candidate.owner.kind === 'Deployment')) {
      const component = String(componentOf(pod.labels));
      const container = pod.spec.containers[0]!;
      const jwks = environmentOf(container, objects()).get('JWKS_URL');
      if (typeof jwks !== 'string') continue;
      verifiers.push(component);
      const url = new URL(jwks);
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      if (LOOPBACK.has(url.hostname)) {
        if (!container.ports?.some((own) => own.containerPort === port))
          unreachable.push(`${component}: ${jwks} is no port of its own container`);
        continue;
      }
      const service = services.find((candidate) => candidate.metadata.name === url.hostname);
      const servicePort = service?.spec.ports.find((candidate) => candidate.port === port);
      const targets = pods().filter((candidate) =>
        selects({ matchLabels: service?.spec.selector ?? {} }, candidate.labels),
      );
      const egress = policiesOf(pod.labels, 'Egress').flatMap((policy) => policy.spec.egress ?? []);
      const reachable =
        servicePort !== undefined &&
        targets.length > 0 &&
        targets.every((target) => {
          const targetPort = servicePort.targetPort ?? servicePort.port;
          const named = target.spec.containers
            .flatMap((candidate) => candidate.ports ?? [])
            .find(
              (candidate) =>
                candidate.name === targetPort || candidate.containerPort === targetPort,
            );
          const containerPort = named?.containerPort ?? Number(targetPort);
          return egress.some((rule) => letsOut(rule, target, containerPort, named?.name));
        });
      if (!reachable) unreachable.push(`${component}: ${jwks} is not let out by its policies`);
    }
    expect(verifiers.sort()).toEqual([...TOKEN_VERIFIERS].sort());
    expect(unreachable).toEqual([]);
  });

  it('never opens a dependency rule to every port', () => {
    for (const policy of policies()) {
      for (const rule of policy.spec.egress ?? []) expect(rule.ports?.length).toBeGreaterThan(0);
    }
  });

  it('cover every deployable', () => {
    const own = policies().map((policy) => componentOf(policy.metadata.labels));
    expect(own).toEqual(expect.arrayContaining([...DEPLOYABLES]));
  });
});

describe('an ingress controller outside the pod network (networkPolicy.ingressController.ipBlocks)', () => {
  const ipBlocksByComponent = (files: string[]) =>
    Object.fromEntries(
      byKind(renderChart(files), 'NetworkPolicy')
        .filter((policy) => componentOf(policy.metadata.labels) !== undefined)
        .map((policy) => {
          const rules = (policy.spec as { ingress?: { from?: { ipBlock?: { cidr: string } }[] }[] })
            .ingress;
          const cidrs = (rules ?? []).flatMap((rule) =>
            (rule.from ?? []).flatMap((peer) => (peer.ipBlock ? [peer.ipBlock.cidr] : [])),
          );
          return [componentOf(policy.metadata.labels), cidrs];
        }),
    );

  it('lets those addresses reach the gateway and the web app, and nothing else', () => {
    const blocks = ipBlocksByComponent(['test/fixtures/values-ingress-ip-blocks.yaml']);
    for (const deployable of DEPLOYABLES) {
      expect({ deployable, cidrs: blocks[deployable] }).toEqual({
        deployable,
        cidrs: ['gateway', 'frontend'].includes(deployable) ? ['10.200.0.1/32'] : [],
      });
    }
  });

  it('lets no address in by default', () => {
    const blocks = ipBlocksByComponent([]);
    for (const deployable of DEPLOYABLES) expect(blocks[deployable]).toEqual([]);
  });
});
