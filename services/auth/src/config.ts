import { baseEnvSchema, envFields, rateLimitExemptIps, secretVariable } from '@mcat/service-kit';
import { z } from 'zod';

const DURATION = /^(\d+)\s*([smhd]?)$/;
const SECONDS_PER_UNIT: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** '7d', '12h', '30m', '45s' or a number of seconds, as whole seconds. */
const duration = (name: string) =>
  z
    .string()
    .trim()
    .regex(DURATION, `${name} must be a duration such as 7d, 12h, 30m or 3600`)
    .transform((value) => {
      const [, amount = '0', unit = ''] = DURATION.exec(value) ?? [];
      return Number(amount) * (SECONDS_PER_UNIT[unit] ?? 1);
    })
    .refine((seconds) => seconds > 0, `${name} must be longer than 0 seconds`);

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` });

/** The auth service's environment (docs/configuration.md lists every variable). */
export const authEnvSchema = baseEnvSchema
  .extend({
    MONGO_URL: envFields.MONGO_URL,
    NATS_URL: envFields.NATS_URL,
    NATS_CREDS_FILE: envFields.NATS_CREDS_FILE,
    EVENT_STREAM_REPLICAS: envFields.EVENT_STREAM_REPLICAS,
    /** Where the services read the public keys; by default this service's own JWKS. */
    JWKS_URL: envFields.JWKS_URL.optional(),
    /** Single-machine mode: the key pair is generated here on first start (mode 600). */
    JWT_KEYS_DIR: z.string().min(1).default('.data/keys'),
    /** Cluster mode: the key pair mounted from a Secret. Both or neither. */
    JWT_PRIVATE_KEY_FILE: z.string().min(1).optional(),
    JWT_PUBLIC_KEY_FILE: z.string().min(1).optional(),
    JWT_EXPIRES_IN: duration('JWT_EXPIRES_IN').default(7 * 86400),
    /**
     * Client addresses the per-address limits do not count (a trusted office NAT, a monitoring
     * probe, the local end-to-end tests); the per-e-mail limits still apply to them.
     */
    RATE_LIMIT_EXEMPT_IPS: rateLimitExemptIps,
    /** Base URLs of the services the student's data export reads (`/internal/<service>/users/:id/export`). */
    TESTS_INTERNAL_URL: httpUrl('TESTS_INTERNAL_URL'),
    QUESTIONS_INTERNAL_URL: httpUrl('QUESTIONS_INTERNAL_URL'),
    BILLING_INTERNAL_URL: httpUrl('BILLING_INTERNAL_URL'),
    /**
     * Signs the one-click unsubscribe links of reminder mails (HMAC-SHA256, under a key derived
     * for that purpose alone). Changing it voids the links of the mails already sent.
     */
    REVIEW_REMINDER_SECRET: secretVariable('REVIEW_REMINDER_SECRET'),
    /** How often the reminder check runs (one job for all replicas): 1 s to 3 minutes. */
    REVIEW_REMINDER_CHECK_MS: z.coerce
      .number({ error: 'REVIEW_REMINDER_CHECK_MS must be a number' })
      .int('REVIEW_REMINDER_CHECK_MS must be a whole number of milliseconds')
      .min(1000, 'REVIEW_REMINDER_CHECK_MS must be at least 1000')
      .max(
        180_000,
        'REVIEW_REMINDER_CHECK_MS must be at most 180000 (the 3 minutes a reminder may wait)',
      )
      .default(60_000),
  })
  .refine((env) => Boolean(env.JWT_PRIVATE_KEY_FILE) === Boolean(env.JWT_PUBLIC_KEY_FILE), {
    message: 'JWT_PRIVATE_KEY_FILE and JWT_PUBLIC_KEY_FILE must be set together',
    path: ['JWT_PRIVATE_KEY_FILE'],
  })
  .transform((env) => ({
    ...env,
    JWKS_URL: env.JWKS_URL ?? `http://127.0.0.1:${env.PORT}/.well-known/jwks.json`,
  }));
export type AuthConfig = z.infer<typeof authEnvSchema>;
