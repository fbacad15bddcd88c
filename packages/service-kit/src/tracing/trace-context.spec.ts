import { inJobTrace, runJobInTrace, withTrace } from './job-trace';
import { runInCarriedTrace, traceCarrier, traceFromCarrier } from './trace-carrier';
import {
  continueTrace,
  currentTrace,
  runInTrace,
  traceFromParent,
  traceHeaders,
  traceLogFields,
} from './trace-context';
import { useSpanSource } from './span-source';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const INCOMING = `00-${TRACE_ID}-${PARENT_ID}-01`;

describe('trace context', () => {
  it('continues a valid traceparent with a span of its own', () => {
    const context = traceFromParent(INCOMING, 'req-123');
    expect(context).toEqual({
      traceId: TRACE_ID,
      spanId: expect.stringMatching(/^[0-9a-f]{16}$/),
      flags: '01',
      requestId: 'req-123',
    });
    expect(context.spanId).not.toBe(PARENT_ID);
  });

  it('starts a new trace for a malformed traceparent and never keeps the bad value', () => {
    const malformed = `00-${'f'.repeat(31)}x-${PARENT_ID}-01`;
    const context = traceFromParent(malformed);
    expect(context.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(context)).not.toContain('f'.repeat(31));
    expect(traceHeaders(context).traceparent).not.toContain('x');
  });

  it('drops a request id that could inject into a log line', () => {
    expect(traceFromParent(INCOMING, 'id\n{"level":60}').requestId).toBeUndefined();
    expect(traceFromParent(INCOMING, 'a'.repeat(129)).requestId).toBeUndefined();
  });

  it('sends onwards its own span as the parent, with the request id', () => {
    const context = traceFromParent(INCOMING, 'req-123');
    expect(traceHeaders(context)).toEqual({
      traceparent: `00-${TRACE_ID}-${context.spanId}-01`,
      'x-request-id': 'req-123',
    });
  });

  it('is what log lines and headers carry inside runInTrace, through awaits, and nothing outside', async () => {
    const context = traceFromParent(INCOMING, 'req-123');
    expect(traceHeaders()).toEqual({});
    expect(traceLogFields()).toEqual({});
    await runInTrace(context, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(currentTrace()).toBe(context);
      expect(traceLogFields()).toEqual({
        traceId: TRACE_ID,
        spanId: context.spanId,
        requestId: 'req-123',
      });
    });
    expect(currentTrace()).toBeUndefined();
  });

  it('carries the trace through a message or a job to work with a span of its own', () => {
    const context = traceFromParent(INCOMING, 'req-123');
    const carrier = runInTrace(context, () => traceCarrier());
    expect(carrier).toEqual({
      traceparent: `00-${TRACE_ID}-${context.spanId}-01`,
      requestId: 'req-123',
    });
    const next = traceFromCarrier(carrier);
    expect(next).toMatchObject({ traceId: TRACE_ID, requestId: 'req-123' });
    expect(next.spanId).not.toBe(context.spanId);
    expect(traceFromCarrier({ traceparent: 'garbage' }).traceId).not.toBe(TRACE_ID);
    expect(traceFromCarrier(null).traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('puts the trace in job data and runs the job in it', () => {
    const context = traceFromParent(INCOMING, 'req-123');
    const data = runInTrace(context, () => withTrace({ to: 'a@example.com' }));
    expect(withTrace({ to: 'a@example.com' })).toEqual({ to: 'a@example.com' });
    const seen = runJobInTrace('mail', data, () => currentTrace());
    expect(seen).toMatchObject({ traceId: TRACE_ID, requestId: 'req-123' });
    expect(inJobTrace(data, () => currentTrace())).toMatchObject({ traceId: TRACE_ID });
    expect(runJobInTrace('mail', { to: 'a@example.com' }, () => currentTrace())?.traceId).toMatch(
      /^[0-9a-f]{32}$/,
    );
  });

  describe('with a tracing SDK lending its spans', () => {
    const span = { traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), flags: '01' };
    const parents: unknown[] = [];
    beforeEach(() =>
      useSpanSource({
        active: () => span,
        runInSpan: (name, parent, work) => {
          parents.push({ name, parent });
          return work({ ...span, spanId: 'c'.repeat(16) });
        },
      }),
    );
    afterEach(() => useSpanSource(null));

    it("takes the SDK's active span for a request, so logs and exported spans agree", () => {
      expect(continueTrace(INCOMING, 'req-1')).toEqual({ ...span, requestId: 'req-1' });
    });

    it('runs carried work in a new SDK span whose parent is the carried one', () => {
      const seen = runInCarriedTrace(
        'handle tests.test.deleted',
        { traceparent: INCOMING, requestId: 'req-1' },
        () => currentTrace(),
      );
      expect(seen).toEqual({ ...span, spanId: 'c'.repeat(16), requestId: 'req-1' });
      expect(parents).toContainEqual({
        name: 'handle tests.test.deleted',
        parent: { traceId: TRACE_ID, parentId: PARENT_ID, flags: '01' },
      });
    });
  });

  it('uses its own ids again once no SDK runs', () => {
    expect(continueTrace(INCOMING).traceId).toBe(TRACE_ID);
  });
});
