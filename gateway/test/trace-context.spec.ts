import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import type { SeenRequest } from './support/fake-service';
import { GatewayHarness } from './support/gateway-harness';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The traceparent the service received, split into its parts. */
function forwardedTrace(seen: SeenRequest): { traceId: string; parentId: string; flags: string } {
  const match = TRACEPARENT.exec(String(seen.headers.traceparent));
  if (!match)
    throw new Error(`The service got no valid traceparent: ${String(seen.headers.traceparent)}`);
  const [, traceId = '', parentId = '', flags = ''] = match;
  return { traceId, parentId, flags };
}

describe('gateway trace context (W3C traceparent)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  const seenWith = async (headers: Record<string, string>) =>
    (await (await gateway.get('/api/tests', headers)).json()) as SeenRequest;

  it("continues a client's valid trace: same trace id and flags, the gateway's own span as parent", async () => {
    const seen = await seenWith({
      traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
      tracestate: 'vendor=abc',
    });
    const trace = forwardedTrace(seen);
    expect(trace).toMatchObject({ traceId: TRACE_ID, flags: '01' });
    expect(trace.parentId).not.toBe(PARENT_ID);
    expect(seen.headers.tracestate).toBe('vendor=abc');
  });

  it.each([
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT_ID}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['an unknown version', `01-${TRACE_ID}-${PARENT_ID}-01`],
    ['uppercase hex', `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ['a truncated trace id', `00-${TRACE_ID.slice(2)}-${PARENT_ID}-01`],
    ['garbage', 'hello "world"'],
  ])('replaces a traceparent with %s by a new trace, never passing it on', async (_case, value) => {
    const seen = await seenWith({ traceparent: value, tracestate: 'vendor=abc' });
    const trace = forwardedTrace(seen);
    expect(seen.headers.traceparent).not.toBe(value);
    expect(trace.traceId).not.toBe(TRACE_ID);
    expect(trace.traceId).not.toBe(TRACE_ID.toUpperCase());
    expect(JSON.stringify(seen.headers)).not.toContain(value);
    // The vendor data of a dropped trace goes with it.
    expect(seen.headers.tracestate).toBeUndefined();
  });

  it('starts a new trace for each request that comes without one', async () => {
    const first = forwardedTrace(await seenWith({}));
    const second = forwardedTrace(await seenWith({}));
    expect(first.traceId).not.toBe(second.traceId);
    expect(first.flags).toBe('01');
  });

  it('times requests by route pattern, method and status class, never by raw URL', async () => {
    const id = '665f1c2e9b1e8a3d4c5b6a79';
    await gateway.get(`/api/tests/${id}/review`);
    const metrics = await (
      await gateway.fetch('/metrics', {
        headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` },
      })
    ).text();
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/tests",status_class="2xx"\} \d+/,
    );
    expect(metrics).not.toContain(id);
    expect(metrics).not.toMatch(/status="\d{3}"/);
  });
});
