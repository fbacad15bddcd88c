/**
 * The mail queue between the auth service (producer) and the mailer (worker): a BullMQ queue on
 * Redis. A job's id is derived from what it sends, so enqueuing it twice sends one mail.
 */
export const MAIL_QUEUE = 'mail';

export const MAIL_JOBS = { passwordReset: 'password-reset' } as const;
export type MailJobName = (typeof MAIL_JOBS)[keyof typeof MAIL_JOBS];

/** A password reset link is usable for this long after it is issued. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

export interface PasswordResetMailJob {
  to: string;
  name: string;
  resetUrl: string;
  /** ISO timestamp after which the link no longer works. */
  expiresAt: string;
}

/**
 * Delivery policy of every mail job: 6 attempts, each retry waiting twice as long as the one
 * before (by default 20 s, 40 s, 80 s, 160 s, 320 s: just over 10 minutes in all). The mailer
 * computes the delays (backoff type `mail`); failed jobs are kept for inspection.
 */
export const MAIL_DELIVERY = {
  attempts: 6,
  backoffType: 'mail',
  firstRetryDelayMs: 20_000,
} as const;

/** BullMQ job id of a reset mail: one per reset token (its sha256, hex). */
export const passwordResetJobId = (tokenHash: string): string => `password-reset-${tokenHash}`;
