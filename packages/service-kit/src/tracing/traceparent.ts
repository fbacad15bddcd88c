import { randomBytes } from 'node:crypto';

/** The W3C Trace Context header naming the trace a request belongs to and its caller's span. */
export const TRACEPARENT_HEADER = 'traceparent';
/** Vendor trace data that travels with a traceparent; meaningless without it. */
export const TRACESTATE_HEADER = 'tracestate';

/** A parsed `traceparent`: version 00, `00-<trace id>-<parent id>-<flags>`, lowercase hex. */
export interface TraceParent {
  /** 32 hex digits, not all zeros: the whole cascade's id. */
  traceId: string;
  /** 16 hex digits, not all zeros: the span of the caller. */
  parentId: string;
  /** 2 hex digits; bit 0 is "sampled". */
  flags: string;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZEROS = /^0+$/;

/**
 * The traceparent a header value holds, or null when it is not exactly a valid version-00 one
 * (W3C Trace Context: trace id and parent id not all zeros, lowercase hex). A null answer means
 * the caller starts a new trace; the malformed value is never passed on.
 */
export function parseTraceparent(value: unknown): TraceParent | null {
  if (typeof value !== 'string') return null;
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return null;
  const [, traceId = '', parentId = '', flags = ''] = match;
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(parentId)) return null;
  return { traceId, parentId, flags };
}

/** The header value: `00-<trace id>-<parent id>-<flags>`. */
export function formatTraceparent({ traceId, parentId, flags }: TraceParent): string {
  return `00-${traceId}-${parentId}-${flags}`;
}

/** Random hex of `bytes` bytes, never all zeros (the spec's invalid value). */
function randomHex(bytes: number): string {
  for (;;) {
    const hex = randomBytes(bytes).toString('hex');
    if (!ALL_ZEROS.test(hex)) return hex;
  }
}

/** A new trace id: 16 random bytes as 32 hex digits. */
export const newTraceId = (): string => randomHex(16);

/** A new span id: 8 random bytes as 16 hex digits. */
export const newSpanId = (): string => randomHex(8);

/** Flags of a trace this process starts: sampled, so a tracing backend keeps it. */
export const SAMPLED_FLAGS = '01';
