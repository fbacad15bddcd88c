/**
 * The arithmetic of the web figures, kept apart from the browser so it can be read (and tested)
 * on its own: Lighthouse's total blocking time, the layout shift score, bytes before first paint
 * and medians.
 */
import type { LayoutShift, LongTask, PaintCandidate } from './in-page';
import type { RequestRecord } from './network-log';

/** A task blocks input for whatever it runs beyond this (Lighthouse's and the Long Tasks API's). */
const BLOCKING_THRESHOLD_MS = 50;

/** The middle value (the mean of the two middle values for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Lighthouse's total blocking time (lantern TBTUtils): each task is clipped to [from, to], and
 * what remains of it beyond 50 ms counts. Lighthouse runs the window from first contentful paint
 * to time to interactive; the bench ends it at its quiet point.
 */
export function totalBlockingTime(tasks: readonly LongTask[], from: number, to: number): number {
  let sum = 0;
  for (const task of tasks) {
    const start = Math.max(task.start, from);
    const end = Math.min(task.start + task.duration, to);
    if (end - start > BLOCKING_THRESHOLD_MS) sum += end - start - BLOCKING_THRESHOLD_MS;
  }
  return sum;
}

export interface ShiftScore {
  /** The largest session window: the web's CLS since 2021, and Lighthouse's. */
  sessionWindow: number;
  /** Every shift not caused by input, summed: CLS as first defined. */
  sum: number;
}

/**
 * Layout shifts not right after input, grouped in session windows (a window closes after 1 s
 * without a shift or once it spans 5 s); the score is the largest window.
 */
export function layoutShiftScore(
  shifts: readonly Pick<LayoutShift, 'time' | 'value' | 'hadRecentInput'>[],
): ShiftScore {
  const counted = shifts.filter((shift) => !shift.hadRecentInput);
  let best = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of counted) {
    if (shift.time - previous > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    previous = shift.time;
    best = Math.max(best, current);
  }
  return { sessionWindow: best, sum: counted.reduce((sum, shift) => sum + shift.value, 0) };
}

/** The Largest Contentful Paint is the last candidate the browser reported. */
export const largestPaint = (paints: readonly PaintCandidate[]): PaintCandidate | null =>
  paints.length === 0 ? null : paints[paints.length - 1];

/**
 * Encoded bytes of the responses that were complete by `time` (page time). DevTools' records and
 * resource timing are matched by address, in order, so a file fetched twice counts twice; a
 * request resource timing does not list (none on these pages) counts as later.
 */
export function bytesCompleteBy(
  requests: readonly RequestRecord[],
  responses: readonly { url: string; responseEnd: number }[],
  time: number,
): number {
  const pending = new Map<string, number[]>();
  for (const response of responses) {
    pending.set(response.url, [...(pending.get(response.url) ?? []), response.responseEnd]);
  }
  let bytes = 0;
  for (const request of requests) {
    const ends = pending.get(request.url);
    const end = ends?.shift();
    if (end !== undefined && end > 0 && end <= time) bytes += request.encodedBytes;
  }
  return bytes;
}

export const sumOf = (
  requests: readonly RequestRecord[],
  key: 'encodedBytes' | 'headerBytes' | 'decodedBytes',
) => requests.reduce((sum, request) => sum + request[key], 0);
