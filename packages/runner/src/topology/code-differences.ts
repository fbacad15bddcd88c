/** Where the topology and what the code says (./code-topology.ts) disagree, one line each. */
import { EVENT_SUBJECTS } from '../../../contracts/src/events';
import type { Topology } from '../../../contracts/src/topology';
import { ROUTE_TABLE, pathPattern, type CodeTopology, type Found } from './code-topology';

/** A request of the topology that is an `/internal/*` call, as its path pattern. */
const internalPath = (request: string): string | null => {
  const requested = /^(?:[A-Z]+ )?(\/internal\/\S*)$/.exec(request)?.[1];
  return requested ? pathPattern(requested) : null;
};

/** The facts on one side only, each named once with the files the code has it in. */
function compare(expected: string[], found: Found<string>[]): string[] {
  const files = new Map<string, Set<string>>();
  for (const { fact, file } of found) files.set(fact, (files.get(fact) ?? new Set()).add(file));
  return [
    ...[...new Set(expected)]
      .filter((fact) => !files.has(fact))
      .map((fact) => `in the topology, not in the code: ${fact}`),
    ...[...files]
      .filter(([fact]) => !expected.includes(fact))
      .map(
        ([fact, where]) => `in the code, not in the topology: ${fact} (${[...where].join(', ')})`,
      ),
  ];
}

export function codeDifferences(topology: Topology, code: CodeTopology): string[] {
  const declared = Object.values(EVENT_SUBJECTS) as string[];
  const listed = topology.events.map((flow) => flow.subject as string);
  const subjects = [
    ...declared
      .filter((subject) => listed.filter((other) => other === subject).length !== 1)
      .map(
        (subject) =>
          `the topology lists ${subject} ${listed.includes(subject) ? 'twice' : 'not at all'}`,
      ),
    ...listed
      .filter((subject) => !declared.includes(subject))
      .map((subject) => `the topology lists ${subject}, which the contracts do not declare`),
  ];
  const published = compare(
    topology.events.flatMap((flow) =>
      flow.publisher ? [`${flow.publisher} publishes ${flow.subject}`] : [],
    ),
    code.published.map(({ fact, file }) => ({
      fact: `${fact.service} publishes ${fact.subject}`,
      file,
    })),
  );
  const consumed = compare(
    topology.events.flatMap((flow) =>
      flow.consumers.map((consumer) => `${consumer} consumes ${flow.subject}`),
    ),
    code.consumed.map(({ fact, file }) => ({
      fact: `${fact.service} consumes ${fact.subject}`,
      file,
    })),
  );
  const internal = compare(
    topology.calls.flatMap((call) =>
      call.requests.flatMap((request) => {
        const requested = internalPath(request);
        return requested ? call.from.map((from) => `${from} calls ${call.to} ${requested}`) : [];
      }),
    ),
    code.internalCalls.map(({ fact, file }) => ({
      fact: `${fact.from} calls ${fact.to ?? 'no service'} ${fact.path}`,
      file,
    })),
  );
  const queues = compare(
    topology.queues.flatMap((queue) => [
      ...queue.producers.map((service) => `${service} fills queue ${queue.queue}`),
      ...queue.consumers.map((service) => `${service} works queue ${queue.queue}`),
    ]),
    code.queues.map(({ fact, file }) => ({
      fact: `${fact.service} ${fact.role === 'producer' ? 'fills' : 'works'} queue ${fact.queue}`,
      file,
    })),
  );
  const routed = compare(
    topology.calls
      .filter(
        (call) => call.from.includes('gateway') && call.requests.some((r) => r.startsWith('/api/')),
      )
      .map((call) => `the gateway forwards /api requests to ${call.to}`),
    code.routed.map((service) => ({
      fact: `the gateway forwards /api requests to ${service}`,
      file: ROUTE_TABLE,
    })),
  );
  return [...subjects, ...published, ...consumed, ...internal, ...queues, ...routed];
}
