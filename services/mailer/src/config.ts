import { baseEnvSchema } from '@mcat/service-kit';
import { MAIL_DELIVERY } from '@mcat/contracts';
import { z } from 'zod';

/** The mailer's environment (docs/configuration.md lists every variable). */
export const mailerEnvSchema = baseEnvSchema
  .extend({
    SMTP_URL: z
      .string({ error: 'SMTP_URL is required' })
      .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must be a smtp:// or smtps:// URL'),
    BRAND_NAME: z.string().trim().min(1).default('MCAT Logbook'),
    SUPPORT_EMAIL: z
      .email('SUPPORT_EMAIL must be an e-mail address')
      .default('support@mcatlogbook.com'),
    PUBLIC_URL: z
      .url({ error: 'PUBLIC_URL must be an http:// or https:// URL' })
      .default('http://localhost:8080')
      .transform((value) => value.replace(/\/+$/, '')),
    /** The sender; by default `"<BRAND_NAME>" <no-reply@<PUBLIC_URL's host>>`. */
    MAIL_FROM: z.string().trim().min(3).optional(),
    /** Wait before the first retry of a failed send; each later one waits twice as long. */
    MAIL_RETRY_DELAY_MS: z.coerce
      .number({ error: 'MAIL_RETRY_DELAY_MS must be a number' })
      .int()
      .min(1)
      .default(MAIL_DELIVERY.firstRetryDelayMs),
    /** Mails sent at once. */
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  })
  .transform((env) => ({
    ...env,
    MAIL_FROM:
      env.MAIL_FROM ?? `"${env.BRAND_NAME}" <no-reply@${new URL(env.PUBLIC_URL).hostname}>`,
  }));
export type MailerConfig = z.infer<typeof mailerEnvSchema>;
