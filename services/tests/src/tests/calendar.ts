/**
 * "Date cannot be in the future" is judged on the student's calendar date, which the server does
 * not know. It accepts any date that is already today somewhere on Earth: the date in UTC+14, the
 * furthest-ahead time zone (see docs/adr/0006-calendar-dates.md).
 */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

export const latestDateOnEarth = (now: number = Date.now()): string =>
  new Date(now + LATEST_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** A calendar date 'YYYY-MM-DD' as the Date stored for it: that day at UTC midnight. */
export const utcMidnight = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
