/**
 * The hour of a student's day as instants (docs/adr/0035-review-reminders.md): the local date of
 * an instant in an IANA zone, and the first instant at or after the start of an hour on a local
 * date, across daylight-saving changes (a skipped hour starts when the clocks jump; a repeated
 * hour starts at its first occurrence). Intl only: no time zone data of our own to keep current.
 */

/** A local calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock reading of `instant` in the zone, as if it were UTC (whole seconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** How far the zone's clocks are ahead of UTC at `instant`. */
const offsetMs = (instant: number, timeZone: string): number =>
  wallClockMs(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/** The date the zone's calendars show at `instant`. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The local date after `date`. */
export function nextLocalDate(date: LocalDate): LocalDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first instant at which the zone's clocks read `hour`:00 or later on `date`. The zone's
 * offsets a day before and a day after bracket any change on that date: the hour's start under
 * each is a candidate, the earlier one that reads right wins (a repeated hour), and when neither
 * does the hour was skipped, so it starts when the clocks jump over it, found by bisection.
 */
export function startOfLocalHour(date: LocalDate, hour: number, timeZone: string): Date {
  const target = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  const before = target - offsetMs(target - DAY_MS, timeZone);
  const after = target - offsetMs(target + DAY_MS, timeZone);
  const reads = (instant: number) => wallClockMs(instant, timeZone) === target;
  const exact = [before, after].filter(reads).sort((a, b) => a - b);
  if (exact[0] !== undefined) return new Date(exact[0]);
  // Skipped: the clocks read earlier than the hour until the jump and later from it on.
  let early = Math.min(before, after);
  let late = Math.max(before, after);
  while (late - early > 1000) {
    const middle = early + Math.floor((late - early) / 2000) * 1000;
    if (wallClockMs(middle, timeZone) >= target) late = middle;
    else early = middle;
  }
  return new Date(late);
}
