import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from './traceparent';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('reads the trace id, parent id and flags of a valid version-00 header', () => {
    expect(parseTraceparent(`00-${TRACE_ID}-${PARENT_ID}-01`)).toEqual({
      traceId: TRACE_ID,
      parentId: PARENT_ID,
      flags: '01',
    });
  });

  it('writes what it reads, unchanged', () => {
    const value = `00-${TRACE_ID}-${PARENT_ID}-00`;
    const parsed = parseTraceparent(value);
    expect(parsed && formatTraceparent(parsed)).toBe(value);
  });

  it.each([
    ['no value', undefined],
    ['an empty value', ''],
    ['several values', [`00-${TRACE_ID}-${PARENT_ID}-01`]],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT_ID}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['another version', `01-${TRACE_ID}-${PARENT_ID}-01`],
    ['version ff', `ff-${TRACE_ID}-${PARENT_ID}-01`],
    ['uppercase hex', `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ['a short trace id', `00-${TRACE_ID.slice(1)}-${PARENT_ID}-01`],
    ['a long parent id', `00-${TRACE_ID}-${PARENT_ID}0-01`],
    ['one-digit flags', `00-${TRACE_ID}-${PARENT_ID}-1`],
    ['non-hex characters', `00-${TRACE_ID.slice(0, 31)}g-${PARENT_ID}-01`],
    ['something appended', `00-${TRACE_ID}-${PARENT_ID}-01-extra`],
    ['a log injection attempt', `00-${TRACE_ID}-${PARENT_ID}-01\n{"level":60}`],
    ['plain text', 'not a traceparent'],
  ])('refuses %s, so a new trace is started instead', (_case, value) => {
    expect(parseTraceparent(value)).toBeNull();
  });

  it('makes new ids of the right length that are valid in a traceparent', () => {
    const traceIds = new Set(Array.from({ length: 50 }, newTraceId));
    expect(traceIds.size).toBe(50);
    for (const traceId of traceIds) {
      const value = formatTraceparent({ traceId, parentId: newSpanId(), flags: '01' });
      expect(parseTraceparent(value)).toMatchObject({ traceId });
    }
    expect(newSpanId()).toMatch(/^[0-9a-f]{16}$/);
  });
});
