/** Picking a time zone for reminder tests through the running product (system and browser). */

/**
 * The first of `zones` with its current hour where the local day has more than an hour and a
 * quarter left: a reminder for this hour is owed now, one for the next hour is not, and neither
 * changes date while the test runs.
 */
export function thisHourSomewhere(zones: readonly string[]): { timeZone: string; hour: number } {
  for (const timeZone of zones) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date());
    const hour = Number(parts.find((part) => part.type === 'hour')?.value);
    const minute = Number(parts.find((part) => part.type === 'minute')?.value);
    if (hour * 60 + minute < 22 * 60 + 45) return { timeZone, hour };
  }
  throw new Error('Every zone tried is within 75 minutes of midnight');
}
