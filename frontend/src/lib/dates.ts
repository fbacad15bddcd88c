/** Calendar dates: tests carry a date at UTC midnight, users a 'YYYY-MM-DD' planned date. */

/*
 * One formatter each, made on first use: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and toLocaleDateString builds a new one on every call.
 */
let utcDateFormat: Intl.DateTimeFormat | null = null;
let localDateFormat: Intl.DateTimeFormat | null = null;

/** A test's date in the reader's local format, without shifting it across time zones. */
export const formatTestDate = (iso: string): string => {
  utcDateFormat ??= new Intl.DateTimeFormat(undefined, { timeZone: 'UTC' });
  return utcDateFormat.format(new Date(iso));
};

/** 'YYYY-MM-DD' as a local Date at midnight. */
export const localDateFromIso = (isoDate: string): Date => {
  const [year, month, day] = isoDate.split('T')[0].split('-').map(Number);
  return new Date(year, month - 1, day);
};

/** 'YYYY-MM-DD' in the reader's local format. */
export const formatCalendarDate = (isoDate: string): string => {
  localDateFormat ??= new Intl.DateTimeFormat();
  return localDateFormat.format(localDateFromIso(isoDate));
};

/** Today's calendar date where the reader is, 'YYYY-MM-DD'. */
export const localToday = (now: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The calendar-date part of an ISO timestamp or date. */
export const isoDatePart = (iso: string): string => iso.split('T')[0];
