import { z } from 'zod';
import { REVIEW_REMINDER_MESSAGES as M } from '../messages/review-reminders';

/** A student's daily re-review reminder: on or off, the hour of their day, their time zone. */
export interface ReviewReminders {
  enabled: boolean;
  /** 0-23, the start of that hour in `timeZone`. */
  hour: number;
  /** An IANA zone name, e.g. 'Europe/Paris'. */
  timeZone: string;
}

/** What an account has until the student chooses otherwise. */
export const DEFAULT_REVIEW_REMINDERS: Readonly<ReviewReminders> = {
  enabled: false,
  hour: 18,
  timeZone: 'UTC',
};

/** Longest zone name taken (the IANA database's longest is 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Area/Location names, 'UTC' and the Etc/ zones: letters, digits and _ + - / only. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * Whether the name is an IANA zone this runtime's time zone data knows (its links too: 'Asia/Kolkata'
 * and 'Asia/Calcutta' alike). An offset such as '+02:00' is not a zone name, whatever a newer
 * runtime's Intl would make of it.
 */
export function isIanaTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX_LENGTH || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * `reviewReminders` of PUT /api/auth/me: all three fields, nothing else. The zone is kept as the
 * student's browser named it.
 */
export const reviewRemindersSchema = z.strictObject(
  {
    enabled: z.boolean({ error: M.enabledInvalid }),
    hour: z
      .number({ error: M.hourInvalid })
      .int(M.hourInvalid)
      .min(0, M.hourInvalid)
      .max(23, M.hourInvalid),
    timeZone: z
      .string({ error: M.timeZoneRequired })
      .trim()
      .min(1, M.timeZoneRequired)
      .refine(isIanaTimeZone, M.unknownTimeZone),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField(issue.keys) : M.invalid),
  },
);

/** The unsubscribe token of a reminder: the user's id and an HMAC-SHA256, base64url. */
export const REVIEW_REMINDER_TOKEN_MAX_LENGTH = 100;

/** The one-click unsubscribe address of a reminder mail (RFC 8058), under the public URL. */
export const reviewReminderUnsubscribePath = (token: string): string =>
  `/api/auth/review-reminders/unsubscribe/${token}`;

/** The web app's page that the address, opened in a browser (GET), redirects to. */
export const reviewReminderUnsubscribePage = (token: string): string => `/unsubscribe/${token}`;

/**
 * The auth service's own BullMQ queue of reminder checks: one job scheduler, upserted by every
 * replica under the same id, adds a `check` job every REVIEW_REMINDER_CHECK_MS.
 */
export const REVIEW_REMINDER_QUEUE = 'review-reminders';
export const REVIEW_REMINDER_CHECK_JOB = 'check';
