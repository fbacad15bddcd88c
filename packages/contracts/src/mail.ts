/**
 * The mail queue between the auth service (producer) and the mailer (worker): a BullMQ queue on
 * Redis. A job's id is derived from what it sends, so enqueuing it twice while it waits sends one
 * mail. Job data holds no secret: a reset mail names a short-lived Redis key the mailer reads the
 * token from when it sends (see docs/adr/0005-auth-tokens-and-sessions.md). A reminder's
 * unsubscribe token is in its job: it can do nothing but turn that student's reminders off
 * (docs/adr/0035-review-reminders.md).
 */
export const MAIL_QUEUE = 'mail';

export const MAIL_JOBS = {
  passwordReset: 'password-reset',
  emailChanged: 'email-changed',
  passwordChanged: 'password-changed',
  accountDeleted: 'account-deleted',
  reviewReminder: 'review-reminder',
} as const;
export type MailJobName = (typeof MAIL_JOBS)[keyof typeof MAIL_JOBS];

/** A password reset link is usable for this long after it is issued. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export interface PasswordResetMailJob {
  to: string;
  name: string;
  /** Names the Redis key holding the token (`passwordResetSecretKey`); the sha256 of the token. */
  resetId: string;
  /** ISO timestamp after which the link no longer works. */
  expiresAt: string;
}

/** Sent to the address the account had before the change. */
export interface EmailChangedMailJob {
  to: string;
  name: string;
  newEmail: string;
  /** ISO timestamp of the change. */
  changedAt: string;
}

/** Sent to the account's address after a password change or a reset through the mailed link. */
export interface PasswordChangedMailJob {
  to: string;
  name: string;
  /** ISO timestamp of the change. */
  changedAt: string;
}

/** Sent to the address of an account just deleted. */
export interface AccountDeletedMailJob {
  to: string;
  name: string;
  /** ISO timestamp of the deletion. */
  deletedAt: string;
}

/** A student's daily re-review reminder, sent at most once per local date. */
export interface ReviewReminderMailJob {
  to: string;
  name: string;
  /** How many questions were due when the reminder was decided. */
  due: number;
  /** The student's local date it is for, 'YYYY-MM-DD'. */
  localDate: string;
  /** The setting it was sent under, for the footer's "why you get this". */
  hour: number;
  timeZone: string;
  /** The signed token of the one-click unsubscribe address (RFC 8058). */
  unsubscribeToken: string;
}

export interface MailJobData {
  [MAIL_JOBS.passwordReset]: PasswordResetMailJob;
  [MAIL_JOBS.emailChanged]: EmailChangedMailJob;
  [MAIL_JOBS.passwordChanged]: PasswordChangedMailJob;
  [MAIL_JOBS.accountDeleted]: AccountDeletedMailJob;
  [MAIL_JOBS.reviewReminder]: ReviewReminderMailJob;
}
export type AnyMailJob = MailJobData[MailJobName];

/**
 * Delivery policy of every mail job: 6 attempts, each retry waiting twice as long as the one
 * before (by default 20 s, 40 s, 80 s, 160 s, 320 s: just over 10 minutes in all). The mailer
 * computes the delays (backoff type `mail`). A sent job is removed at once; a failed one is kept
 * for inspection (it holds no secret).
 */
export const MAIL_DELIVERY = {
  attempts: 6,
  backoffType: 'mail',
  firstRetryDelayMs: 20_000,
} as const;

/** BullMQ job id of a reminder: one per student and local date. */
export const reviewReminderJobId = (userId: string, localDate: string): string =>
  `review-reminder-${userId}-${localDate}`;

/** BullMQ job id of a reset mail: one per reset token (its sha256, hex). */
export const passwordResetJobId = (tokenHash: string): string => `password-reset-${tokenHash}`;

/**
 * Redis key holding a reset token until its mail is sent: auth writes it with the token's own
 * lifetime, the mailer deletes it once the SMTP server accepted the mail.
 */
export const passwordResetSecretKey = (resetId: string): string => `mail:reset:${resetId}`;

const IF_IT_WAS_YOU = 'If this was you, there is nothing more to do.';

/** What the mails say; the mailer lays them out as text and HTML. */
export const MAIL_TEXTS = {
  greeting: (name: string) => `Hello ${name},`,
  help: (supportEmail: string) => `Questions? Write to ${supportEmail}.`,
  passwordReset: {
    subject: (brand: string) => `Reset your ${brand} password`,
    asked: (brand: string) => `Someone asked to reset the password of your ${brand} account.`,
    openLink: 'To choose a new password, open this link:',
    useButton: 'To choose a new password, use the button below.',
    button: 'Reset password',
    copyLink: 'Or copy this link into your browser:',
    expiry: (validity: string, until: string) =>
      `This link works for ${validity}, until ${until}, and only once.`,
    notYou:
      'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.',
  },
  emailChanged: {
    subject: (brand: string) => `Your ${brand} e-mail address was changed`,
    changed: (p: { brand: string; from: string; to: string; when: string }) =>
      `The e-mail address of your ${p.brand} account was changed from ${p.from} to ${p.to} on ${p.when}. From now on we write to the new address, and you sign in with it.`,
    ifYou: IF_IT_WAS_YOU,
    notYou: (p: { supportEmail: string; profileUrl: string }) =>
      `If you did not make this change, someone else may be using your account: write to ${p.supportEmail} right away. If you are still signed in, change the address back and choose a new password on your profile page: ${p.profileUrl}`,
  },
  passwordChanged: {
    subject: (brand: string) => `Your ${brand} password was changed`,
    changed: (p: { brand: string; email: string; when: string }) =>
      `The password of your ${p.brand} account (${p.email}) was changed on ${p.when}. Every device that was signed in has been signed out.`,
    ifYou: IF_IT_WAS_YOU,
    notYou: (p: { supportEmail: string; forgotPasswordUrl: string }) =>
      `If you did not make this change, reset your password right away at ${p.forgotPasswordUrl} and write to ${p.supportEmail}.`,
  },
} as const;
