import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { commaSeparatedList, envFields, urlVariable } from '@mcat/service-kit/core';
import { SITE_DEFAULTS } from '@mcat/contracts';
import { guideResourcesVariable } from './public-config/guide-resources';

const HTTP = ['http:', 'https:'] as const;
const MIB = 1024 * 1024;

const positiveInteger = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be greater than 0`);

const requestsPerMinute = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 (no limit) or more`)
    .default(fallback);

/** A comma-separated list of client addresses. */
const addressList = commaSeparatedList();

/** CORS_ORIGINS: comma-separated origins allowed to call the API cross-origin (none by default). */
const originList = commaSeparatedList().refine(
  (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
  'CORS_ORIGINS must be a comma-separated list of http:// or https:// origins without a path',
);

/**
 * TRUST_PROXY: whether the gateway is itself behind a proxy whose X-Forwarded-For it may believe:
 * "false" (default: the client is the TCP peer), "true", a hop count, or addresses/CIDRs.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value): boolean | number | string => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === 'false') return false;
    if (trimmed === 'true') return true;
    return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
  });

/** The gateway's environment (docs/configuration.md lists every variable with its default). */
export const gatewayEnvSchema = z.object({
  NODE_ENV: envFields.NODE_ENV,
  HOST: envFields.HOST,
  PORT: envFields.PORT.default(8080),
  LOG_LEVEL: envFields.LOG_LEVEL,
  SHUTDOWN_GRACE_MS: envFields.SHUTDOWN_GRACE_MS,
  /** Guards the gateway's own /metrics, as every service's (it calls no /internal/* route). */
  INTERNAL_API_TOKEN: envFields.INTERNAL_API_TOKEN,
  /** Prometheus' own credential for /metrics, when set (instead of INTERNAL_API_TOKEN). */
  METRICS_TOKEN: envFields.METRICS_TOKEN,
  JWKS_URL: envFields.JWKS_URL,
  AUTH_URL: urlVariable('AUTH_URL', HTTP),
  TESTS_URL: urlVariable('TESTS_URL', HTTP),
  QUESTIONS_URL: urlVariable('QUESTIONS_URL', HTTP),
  BILLING_URL: urlVariable('BILLING_URL', HTTP),
  MAILER_URL: urlVariable('MAILER_URL', HTTP),
  /** The built web app (frontend/dist) in the single-machine mode; unset in a cluster. */
  STATIC_DIR: z
    .string()
    .min(1)
    .refine(
      (dir) => existsSync(path.join(dir, 'index.html')),
      'STATIC_DIR must be a folder holding index.html (build the web app first)',
    )
    .optional(),
  CORS_ORIGINS: originList,
  TRUST_PROXY: trustProxy,
  BRAND_NAME: z.string().trim().min(1).default(SITE_DEFAULTS.brandName),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be an e-mail address')
    .default(SITE_DEFAULTS.supportEmail),
  DONATION_URL: urlVariable('DONATION_URL', HTTP).default(SITE_DEFAULTS.donationUrl),
  PUBLIC_URL: urlVariable('PUBLIC_URL', HTTP).default(SITE_DEFAULTS.publicUrl),
  /**
   * The single-machine runner's status file: /api/health then lists each process it started with
   * its state and restart count (docs/adr/0017-supervision.md). Unset in a cluster.
   */
  RUNNER_STATUS_FILE: z.string().min(1).optional(),
  /** The /guide page's resource links, a JSON array (see public-config/guide-resources.ts). */
  GUIDE_RESOURCES: guideResourcesVariable,
  /** Largest request body forwarded, in bytes; multipart uploads have their own limit. */
  BODY_LIMIT: positiveInteger('BODY_LIMIT').default(MIB),
  UPLOAD_BODY_LIMIT: positiveInteger('UPLOAD_BODY_LIMIT').default(10 * MIB),
  /** API requests per minute a client address, and a bearer token, may make (429 beyond). */
  RATE_LIMIT_PER_ADDRESS: requestsPerMinute('RATE_LIMIT_PER_ADDRESS', 1200),
  RATE_LIMIT_PER_TOKEN: requestsPerMinute('RATE_LIMIT_PER_TOKEN', 600),
  /** Client addresses the gateway's limits do not count. */
  RATE_LIMIT_EXEMPT_IPS: addressList,
  /**
   * Where the rate-limit counters are kept, shared by every gateway replica (the services' Redis).
   * While it cannot be reached each replica counts on its own (edge/rate-limits.ts).
   */
  REDIS_URL: envFields.REDIS_URL,
  /** How long a service may take to start answering (504 after); streamed bodies are not timed. */
  UPSTREAM_TIMEOUT_MS: positiveInteger('UPSTREAM_TIMEOUT_MS').default(15_000),
  /** The same for the spreadsheet import and export routes. */
  UPSTREAM_LONG_TIMEOUT_MS: positiveInteger('UPSTREAM_LONG_TIMEOUT_MS').default(120_000),
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
