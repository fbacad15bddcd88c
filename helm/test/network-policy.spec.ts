import { parse } from 'yaml';
import fs from 'node:fs';
import path from 'node:path';
import {
  CHART_DIR,
  DEPLOYABLES,
  VALUE_SETS,
  byKind,
  componentOf,
  renderChart,
  type KubeObject,
} from './support/chart';
import { podTemplates } from './support/pods';
import { selects, type LabelSelector } from './support/selectors';

interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port?: number | string; protocol?: string }[];
}
interface Policy extends KubeObject {
  spec: { podSelector: LabelSelector; policyTypes: string[]; ingress?: Rule[]; egress?: Rule[] };
}
interface ServiceObject extends KubeObject {
  spec: { selector: Record<string, string> };
}

const INGRESS_CONTROLLER = 'ingress controller';
const METRICS_SCRAPER = 'metrics scraper';

/** Who may open a connection to each deployable (the architecture's request path). */
const CALLERS: Record<string, string[]> = {
  gateway: [INGRESS_CONTROLLER],
  frontend: [INGRESS_CONTROLLER],
  auth: ['gateway', 'tests', 'questions', 'billing'],
  tests: ['gateway', 'questions'],
  questions: ['gateway'],
  billing: ['gateway'],
  mailer: ['gateway'],
};

/** The dependencies each pod may reach (besides the deployables it calls). */
const DEPENDENCIES: Record<string, string[]> = {
  gateway: ['dns'],
  auth: ['dns', 'mongodb', 'nats', 'redis'],
  tests: ['dns', 'mongodb', 'nats', 'redis'],
  questions: ['dns', 'mongodb', 'nats', 'redis'],
  billing: ['dns', 'mongodb', 'nats', 'redis', 'stripe'],
  mailer: ['dns', 'redis', 'smtp'],
  frontend: [],
  migrate: ['dns', 'mongodb', 'nats'],
};

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
      const expected = [...(CALLERS[component] ?? []), ...(metrics ? [METRICS_SCRAPER] : [])];
      expect({ service: service.metadata.name, callers: [...callers].sort() }).toEqual({
        service: service.metadata.name,
        callers: expected.sort(),
      });
    }
  });

  it('let each pod reach only the deployables it calls and the dependencies it needs', () => {
    const calls: Record<string, string[]> = {};
    for (const [callee, callers] of Object.entries(CALLERS)) {
      for (const caller of callers) (calls[caller] ??= []).push(callee);
    }
    const stripe = values.billing.paymentProvider === 'stripe';
    for (const pod of pods()) {
      const component = String(componentOf(pod.labels));
      const egress = policiesOf(pod.labels, 'Egress');
      const dependencies = egress
        .map((policy) => /-egress-(.+)$/.exec(policy.metadata.name)?.[1])
        .filter((name): name is string => Boolean(name));
      const expectedDependencies = (DEPENDENCIES[component] ?? []).filter(
        (dependency) => dependency !== 'stripe' || stripe,
      );
      expect({ component, dependencies: dependencies.sort() }).toEqual({
        component,
        dependencies: [...expectedDependencies].sort(),
      });
      const called = egress
        .filter((policy) => !/-egress-/.test(policy.metadata.name))
        .flatMap((policy) => policy.spec.egress ?? [])
        .flatMap((rule) => (rule.to ?? []).map(peerName));
      expect({ component, called: [...new Set(called)].sort() }).toEqual({
        component,
        called: [...(calls[component] ?? [])].sort(),
      });
    }
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
