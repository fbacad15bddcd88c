/**
 * What the chart's NetworkPolicies must allow, derived from the topology
 * (packages/contracts/src/topology.ts), and where the rendered policies allow something else.
 */
import type {
  ComponentName,
  HttpCall,
  InfrastructureName,
  Topology,
} from '../../../packages/contracts/src/topology';
import { byKind, componentOf, type KubeObject } from './chart';
import { podTemplates, type PodTemplate } from './pods';
import { selects, type LabelSelector } from './selectors';

export interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string };
}
export interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port?: number | string; protocol?: string }[];
}
export interface Policy extends KubeObject {
  spec: { podSelector: LabelSelector; policyTypes: string[]; ingress?: Rule[]; egress?: Rule[] };
}

/** The peer that stands for every caller from outside (the browser, Stripe's webhook). */
export const INGRESS_CONTROLLER = 'ingress controller';

/** The chart's name for each piece of infrastructure (its `-egress-<name>` policies). */
const CHART_NAMES: Record<InfrastructureName, string> = {
  mongo: 'mongodb',
  nats: 'nats',
  redis: 'redis',
};

// A peer with a namespaceSelector or an ipBlock is taken to be outside the release's namespace:
// the ingress controller's, the metrics scraper's and the dependencies' peers are.
const isReleasePeer = (peer: Peer, pod: PodTemplate): boolean =>
  !peer.namespaceSelector && !peer.ipBlock && selects(peer.podSelector, pod.labels);

const onPort = (rule: Rule, port: number, portName?: string): boolean =>
  rule.ports === undefined ||
  rule.ports.some((allowed) => allowed.port === port || allowed.port === portName);

/** Whether an egress rule lets a connection out to a pod of the release on this port. */
export const letsOut = (rule: Rule, target: PodTemplate, port: number, portName?: string) =>
  (rule.to === undefined || rule.to.some((peer) => isReleasePeer(peer, target))) &&
  onPort(rule, port, portName);

/** Whether an ingress rule lets a connection in from a pod of the release on this port. */
export const letsIn = (rule: Rule, source: PodTemplate, port: number, portName?: string) =>
  (rule.from === undefined || rule.from.some((peer) => isReleasePeer(peer, source))) &&
  onPort(rule, port, portName);

const kindOf = (topology: Topology, name: ComponentName) => topology.components[name].kind;
const isCaller = (call: HttpCall, component: string) =>
  (call.from as readonly string[]).includes(component);

/** The deployables and the ingress controller that call this deployable. */
export function callersOf(topology: Topology, component: string): string[] {
  const callers = topology.calls
    .filter((call) => call.to === component)
    .flatMap((call) => call.from)
    .map((from) => (kindOf(topology, from) === 'outside' ? INGRESS_CONTROLLER : from));
  return [...new Set(callers)].sort();
}

/** The deployables this one calls. */
export function calleesOf(topology: Topology, component: string): string[] {
  const callees = topology.calls
    .filter((call) => isCaller(call, component))
    .map((call) => call.to)
    .filter((to) => kindOf(topology, to) === 'deployable');
  return [...new Set(callees)].sort();
}

/**
 * The chart's dependency policies this deployable needs: the infrastructure it uses (NATS when it
 * publishes or consumes events, a queue's store when it fills or works the queue), the outside
 * servers it calls (Stripe only with the stripe payment provider), and DNS to find any of them by
 * name (not the Kubernetes API server, whose address the kubelet gives every pod).
 */
export function dependenciesOf(
  topology: Topology,
  component: string,
  options: { stripe: boolean },
): string[] {
  const name = component as ComponentName;
  const infrastructure = new Set(Object.keys(topology.components[name]?.uses ?? {}));
  const among = (services: readonly string[]) => services.includes(component);
  if (topology.events.some((flow) => flow.publisher === name || among(flow.consumers))) {
    infrastructure.add('nats');
  }
  for (const queue of topology.queues) {
    if (among([...queue.producers, ...queue.consumers])) infrastructure.add(queue.store);
  }
  const outside = topology.calls
    .filter((call) => isCaller(call, component))
    .map((call) => call.to)
    .filter((to) => kindOf(topology, to) === 'outside')
    .filter((to) => to !== 'stripe' || options.stripe);
  const needs = [
    ...[...infrastructure].map((used) => CHART_NAMES[used as InfrastructureName]),
    ...outside,
  ];
  const lookedUp = needs.filter(
    (need) => topology.components[need as ComponentName]?.reachedByName !== false,
  );
  const dns = lookedUp.length > 0 || calleesOf(topology, component).length > 0 ? ['dns'] : [];
  return [...new Set([...needs, ...dns])].sort();
}

/**
 * Every pair of the release's pods the policies let connect (egress of the caller and ingress of
 * the callee, each on the callee's http port) against the topology's calls between deployables:
 * one line per pair that one side lets through and the topology does not call, or the reverse.
 */
export function reachabilityDifferences(topology: Topology, objects: KubeObject[]): string[] {
  const policies = byKind<Policy>(objects, 'NetworkPolicy');
  const pods = podTemplates(objects);
  /** The rules that apply to the pod; null when no policy restricts it that way. */
  const rulesOf = (pod: PodTemplate, type: 'Ingress' | 'Egress'): Rule[] | null => {
    const selecting = policies.filter(
      (policy) =>
        policy.spec.policyTypes.includes(type) && selects(policy.spec.podSelector, pod.labels),
    );
    if (selecting.length === 0) return null;
    return selecting.flatMap(
      (policy) => (type === 'Ingress' ? policy.spec.ingress : policy.spec.egress) ?? [],
    );
  };
  const egress = new Set<string>();
  const ingress = new Set<string>();
  for (const target of pods) {
    const port = target.spec.containers
      .flatMap((container) => container.ports ?? [])
      .find((candidate) => candidate.name === 'http');
    if (!port) continue;
    for (const source of pods) {
      const pair = `${componentOf(source.labels)} → ${componentOf(target.labels)}`;
      const out = rulesOf(source, 'Egress');
      if (!out || out.some((rule) => letsOut(rule, target, port.containerPort, port.name))) {
        egress.add(pair);
      }
      const into = rulesOf(target, 'Ingress');
      if (!into || into.some((rule) => letsIn(rule, source, port.containerPort, port.name))) {
        ingress.add(pair);
      }
    }
  }
  const expected = new Set(
    topology.calls
      .filter((call) => kindOf(topology, call.to) === 'deployable')
      .flatMap((call) =>
        call.from
          .filter((from) => kindOf(topology, from) === 'deployable')
          .map((from) => `${from} → ${call.to}`),
      ),
  );
  const missing = (allowed: Set<string>, side: string) =>
    [...expected]
      .filter((pair) => !allowed.has(pair))
      .map((pair) => `${pair}: a call of the topology the ${side} policies do not let through`);
  const extra = (allowed: Set<string>, side: string) =>
    [...allowed]
      .filter((pair) => !expected.has(pair))
      .map((pair) => `${pair}: let through by the ${side} policies, not a call of the topology`);
  return [
    ...missing(egress, 'egress'),
    ...missing(ingress, 'ingress'),
    ...extra(egress, 'egress'),
    ...extra(ingress, 'ingress'),
  ].sort();
}
