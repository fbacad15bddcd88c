/**
 * Renders the topology as a mermaid flowchart: the README's "What runs" and
 * docs/architecture.md's "Who calls whom" show this text (see ./doc-block.ts).
 */
import type { ComponentName, Topology } from '../../../contracts/src/topology';

interface Edge {
  from: ComponentName[];
  to: ComponentName;
  label: string;
  /** Dotted: a service asking another for itself, off the request path from outside. */
  dotted: boolean;
}

// Mermaid ends a quoted label at the first double quote; #quot; is its escape for one.
const quoted = (text: string): string => `"${text.replaceAll('"', '#quot;')}"`;

function node(topology: Topology, name: ComponentName): string {
  const { kind, label } = topology.components[name];
  if (kind === 'outside') return `${name}([${quoted(label)}])`;
  if (kind === 'deployable') return `${name}[${quoted(label)}]`;
  // The broker keeps messages in flight; the others are where data is kept.
  return name === 'nats' ? `${name}[[${quoted(label)}]]` : `${name}[(${quoted(label)})]`;
}

/** Every connection the topology names, one edge per caller and callee. */
function edgesOf(topology: Topology): Edge[] {
  const kindOf = (name: ComponentName) => topology.components[name].kind;
  const edges: Edge[] = [];
  const add = (from: ComponentName, to: ComponentName, label: string, dotted = false) =>
    edges.push({ from: [from], to, label, dotted });
  for (const call of topology.calls) {
    const label = `${call.requests.join(', ')}${call.why ? ` (${call.why})` : ''}`;
    for (const from of call.from) {
      const dotted =
        from !== 'gateway' && kindOf(from) === 'deployable' && kindOf(call.to) === 'deployable';
      add(from, call.to, label, dotted);
    }
  }
  const publishers = [...new Set(topology.events.map((flow) => flow.publisher))];
  for (const publisher of publishers) {
    if (publisher === null) continue;
    const subjects = topology.events.filter((flow) => flow.publisher === publisher);
    add(publisher, 'nats', subjects.map((flow) => flow.subject).join(', '));
  }
  const consumers = [...new Set(topology.events.flatMap((flow) => flow.consumers))];
  for (const consumer of consumers) {
    const subjects = topology.events.filter((flow) => flow.consumers.includes(consumer));
    add('nats', consumer, subjects.map((flow) => flow.subject).join(', '));
  }
  for (const [name, component] of Object.entries(topology.components)) {
    for (const [infrastructure, what] of Object.entries(component.uses ?? {})) {
      add(name as ComponentName, infrastructure as ComponentName, what);
    }
  }
  for (const queue of topology.queues) {
    for (const producer of queue.producers) {
      add(producer, queue.store, `queue ${queue.queue}: ${queue.jobs.join(', ')}`);
    }
    for (const consumer of queue.consumers) add(queue.store, consumer, `${queue.queue} jobs`);
  }
  return edges;
}

/** Groups edges by a key, in the order of each group's first edge. */
function groupBy(edges: Edge[], key: (edge: Edge) => string, merge: (group: Edge[]) => Edge) {
  const groups = new Map<string, Edge[]>();
  for (const edge of edges) groups.set(key(edge), [...(groups.get(key(edge)) ?? []), edge]);
  return [...groups.values()].map(merge);
}

/** One line per pair of components (their labels joined), then one per label (callers joined). */
function mergedEdges(edges: Edge[]): Edge[] {
  const byPair = groupBy(
    edges,
    (edge) => JSON.stringify([edge.from, edge.to, edge.dotted]),
    (group) => ({ ...group[0]!, label: group.map((edge) => edge.label).join('; ') }),
  );
  return groupBy(
    byPair,
    (edge) => JSON.stringify([edge.to, edge.label, edge.dotted]),
    (group) => ({ ...group[0]!, from: group.flatMap((edge) => edge.from) }),
  );
}

export function renderTopologyDiagram(topology: Topology): string {
  const names = Object.keys(topology.components) as ComponentName[];
  const ofKind = (kind: string) => names.filter((name) => topology.components[name].kind === kind);
  const lines = [
    'flowchart LR',
    ...ofKind('outside').map((name) => `  ${node(topology, name)}`),
    '  subgraph app[Application]',
    ...ofKind('deployable').map((name) => `    ${node(topology, name)}`),
    '  end',
    '  subgraph infra[Infrastructure]',
    ...ofKind('infrastructure').map((name) => `    ${node(topology, name)}`),
    '  end',
    ...mergedEdges(edgesOf(topology)).map(
      (edge) =>
        `  ${edge.from.join(' & ')} ${edge.dotted ? '-.->' : '-->'}|${quoted(edge.label)}| ${edge.to}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
