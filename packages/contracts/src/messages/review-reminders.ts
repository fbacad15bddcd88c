/**
 * The re-review reminders' texts (docs/adr/0035-review-reminders.md): the setting's validation,
 * the unsubscribe answers, the profile card, the unsubscribe page and the mail.
 */
export const REVIEW_REMINDER_MESSAGES = {
  /** 400: `reviewReminders` is not an object with enabled, hour and timeZone. */
  invalid: 'Review reminders must be an object with enabled, hour and timeZone',
  enabledInvalid: 'Review reminders enabled must be true or false',
  hourInvalid: 'Reminder hour must be a whole number from 0 to 23',
  timeZoneRequired: 'Time zone is required',
  /** 400: not a zone of the IANA database the server knows. */
  unknownTimeZone: 'Unknown time zone: use an IANA name such as America/New_York or Europe/Paris',
  unknownField: (keys: readonly string[]): string =>
    `Unknown field${keys.length === 1 ? '' : 's'} in review reminders: ${keys.join(', ')}. Send only enabled, hour and timeZone.`,
  /** 400: the unsubscribe link's token is malformed or its signature does not match. */
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Turn reminders off on your profile page.',
  /** 200: reminders are off (also when they already were). */
  unsubscribed:
    'Re-review reminders are off. You can turn them on again on your profile page at any time.',
} as const;

/** The profile page's reminder card. */
export const REVIEW_REMINDER_TEXTS = {
  title: 'Re-review reminders',
  intro:
    'An e-mail once a day, at the hour you choose, when missed questions are due for re-review. None on days when nothing is due.',
  switchLabel: 'E-mail me when questions are due',
  hourLabel: 'Hour of the day',
  timeZoneLabel: 'Time zone',
  save: 'Save reminders',
  saving: 'Saving...',
  saved: 'Reminder settings saved',
  saveFailed: 'Failed to save reminder settings',
  /** "18:00" */
  hour: (hour: number): string => `${String(hour).padStart(2, '0')}:00`,
} as const;

/** The page the mail's footer leads to (the one-click address answers GET by redirecting there). */
export const UNSUBSCRIBE_PAGE_TEXTS = {
  title: 'Turn off re-review reminders',
  intro: 'Stop the daily e-mail about missed questions due for re-review?',
  confirm: 'Turn off reminders',
  busy: 'Turning off...',
  failed: 'Reminders could not be turned off. Please try again.',
  profileLink: 'Go to your profile',
} as const;

/** The reminder mail. */
export const REVIEW_REMINDER_MAIL_TEXTS = {
  subject: (p: { brand: string; due: number }) =>
    `${p.due} ${p.due === 1 ? 'question is' : 'questions are'} due for re-review on ${p.brand}`,
  due: (due: number) =>
    due === 1
      ? '1 missed question is due for re-review today. A few minutes now keeps its lesson fresh.'
      : `${due} missed questions are due for re-review today. A few minutes now keeps their lessons fresh.`,
  openLink: 'Start re-reviewing:',
  button: 'Start re-reviewing',
  why: (p: { hour: string; timeZone: string }) =>
    `You get this e-mail because re-review reminders are on in your profile (daily at ${p.hour}, ${p.timeZone}), and only on days when questions are due.`,
  unsubscribe: 'Turn off these reminders:',
  unsubscribeLink: 'Turn off these reminders',
} as const;
