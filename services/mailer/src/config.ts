import { baseEnvSchema, envFields } from '@mcat/service-kit';
import { z } from 'zod';

/** The mailer's environment (the README lists every variable). */
export const mailerEnvSchema = baseEnvSchema.extend({
  SMTP_URL: z
    .string({ error: 'SMTP_URL is required' })
    .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL must be a smtp:// or smtps:// URL'),
  LOG_LEVEL: envFields.LOG_LEVEL,
});
export type MailerConfig = z.infer<typeof mailerEnvSchema>;
