import { TOPOLOGY, type Topology } from '../../../contracts/src/topology';
import { codeDifferences } from './code-differences';
import { readCodeTopology } from './code-topology';

const code = readCodeTopology();

/** The topology with one change, to see the comparison notice it. */
const changed = (change: (topology: Topology) => void): Topology => {
  const copy = structuredClone(TOPOLOGY);
  change(copy);
  return copy;
};

describe('the topology against the code', () => {
  it('lists exactly the events published and consumed, the /internal calls, the queues and the routed services', () => {
    expect(codeDifferences(TOPOLOGY, code)).toEqual([]);
  });

  it('finds each kind of fact where the code has it', () => {
    expect(code.published.length).toBeGreaterThan(0);
    expect(code.consumed.map(({ file }) => file)).toContain(
      'packages/service-kit/src/plans/plan-events.consumer.ts',
    );
    expect(code.internalCalls.map(({ fact }) => fact)).toContainEqual({
      from: 'billing',
      to: 'auth',
      path: '/internal/users/:param/premium',
    });
    expect(code.internalCalls.map(({ fact }) => fact)).toContainEqual({
      from: 'auth',
      to: 'billing',
      path: '/internal/billing/users/:param/export',
    });
    expect(
      code.queues.map(({ fact }) => `${fact.service} ${fact.role} ${fact.queue}`).sort(),
    ).toEqual([
      'auth consumer review-reminders',
      'auth producer mail',
      'auth producer review-reminders',
      'mailer consumer mail',
    ]);
  });

  it("counts a kit module's consumer for the services importing it from the kit, not for a service's own class of that name", () => {
    expect(
      code.consumed
        .filter(
          ({ file }) => file === 'packages/service-kit/src/account-data/user-deleted.consumer.ts',
        )
        .map(({ fact }) => `${fact.service} consumes ${fact.subject}`)
        .sort(),
    ).toEqual([
      'billing consumes auth.user.deleted',
      'questions consumes auth.user.deleted',
      'tests consumes auth.user.deleted',
    ]);
  });

  it('reports a consumer the code does not have, and one the topology lost', () => {
    const extra = changed((topology) => {
      topology.events = topology.events.map((flow) =>
        flow.subject === 'auth.user.registered' ? { ...flow, consumers: ['billing'] } : flow,
      );
    });
    expect(codeDifferences(extra, code)).toEqual([
      'in the topology, not in the code: billing consumes auth.user.registered',
    ]);
    const lost = changed((topology) => {
      topology.events = topology.events.map((flow) =>
        flow.subject === 'tests.test.deleted' ? { ...flow, consumers: [] } : flow,
      );
    });
    expect(codeDifferences(lost, code)).toEqual([
      'in the code, not in the topology: questions consumes tests.test.deleted (services/questions/src/questions/test-events.consumer.ts)',
    ]);
  });

  it('reports a publisher and a subject the topology gets wrong', () => {
    const topology = changed((copy) => {
      copy.events = copy.events
        .filter((flow) => flow.subject !== 'auth.user.registered')
        .map((flow) =>
          flow.subject === 'tests.test.created' ? { ...flow, publisher: 'billing' } : flow,
        );
    });
    expect(codeDifferences(topology, code)).toEqual([
      'the topology lists auth.user.registered not at all',
      'in the topology, not in the code: billing publishes tests.test.created',
      'in the code, not in the topology: auth publishes auth.user.registered (services/auth/src/users/users.events.ts)',
      'in the code, not in the topology: tests publishes tests.test.created (services/tests/src/tests/tests.events.ts)',
    ]);
  });

  it('reports an /internal call the code does not make, and one the topology lost', () => {
    const topology = changed((copy) => {
      copy.calls = [
        ...copy.calls.filter((call) => !call.requests.includes('GET /internal/tests/:id')),
        { from: ['mailer'], to: 'auth', requests: ['GET /internal/users/:id'] },
      ];
    });
    expect(codeDifferences(topology, code)).toEqual([
      'in the topology, not in the code: mailer calls auth /internal/users/:param',
      'in the code, not in the topology: questions calls tests /internal/tests/:param (services/questions/src/test-summaries/tests.client.ts)',
    ]);
  });

  it('reports a queue end and a gateway route the topology gets wrong', () => {
    const topology = changed((copy) => {
      copy.queues = copy.queues.map((queue) =>
        queue.queue === 'mail' ? { ...queue, producers: ['billing'] } : queue,
      );
      copy.calls = copy.calls.filter(
        (call) => !(call.from.includes('gateway') && call.to === 'questions'),
      );
    });
    expect(codeDifferences(topology, code)).toEqual([
      'in the topology, not in the code: billing fills queue mail',
      'in the code, not in the topology: auth fills queue mail (services/auth/src/mail/mail-queue.ts)',
      'in the code, not in the topology: the gateway forwards /api requests to questions (gateway/src/proxy/route-table.ts)',
    ]);
  });
});
