import type { ReviewReminders } from '@mcat/contracts';
import { localDateOf, nextLocalDate, startOfLocalHour, type LocalDate } from './reminder-time';

/**
 * When the next reminder is owed: the start of the chosen hour on the first local date after the
 * last one a reminder was sent for (today's when none was sent today, even if the hour has passed:
 * the first check at or after its start sends it). Null while reminders are off.
 */
export function nextReminderAt(
  settings: ReviewReminders,
  sentOn: LocalDate | null,
  now: Date,
): Date | null {
  if (!settings.enabled) return null;
  const today = localDateOf(now, settings.timeZone);
  const day = sentOn !== null && sentOn >= today ? nextLocalDate(sentOn) : today;
  return startOfLocalHour(day, settings.hour, settings.timeZone);
}

/** What a check at `now` does for one student. */
export type ReminderDecision =
  /** Not owed yet (or off): look again at `at`, or never while it is null. */
  | { kind: 'wait'; at: Date | null }
  /** Owed for `localDate`: send it if something is due, and look again at `nextAt`. */
  | { kind: 'due'; localDate: LocalDate; nextAt: Date };

export function decideReminder(
  settings: ReviewReminders,
  sentOn: LocalDate | null,
  now: Date,
): ReminderDecision {
  const at = nextReminderAt(settings, sentOn, now);
  if (at === null || at.getTime() > now.getTime()) return { kind: 'wait', at };
  const localDate = localDateOf(now, settings.timeZone);
  return {
    kind: 'due',
    localDate,
    nextAt: startOfLocalHour(nextLocalDate(localDate), settings.hour, settings.timeZone),
  };
}

/** What a new setting writes: itself, and when the reminder it asks for is next owed. */
export const reminderSettingFields = (
  settings: ReviewReminders,
  sentOn: LocalDate | null,
  now: Date,
) => ({
  reviewReminders: { ...settings },
  reviewReminderAt: nextReminderAt(settings, sentOn, now),
});
