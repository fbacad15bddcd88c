import { isIP } from 'node:net';
import ConnectionString from 'mongodb-connection-string-url';
import { z } from 'zod';
import { isNatsCredsFile } from '../infra/nats-credentials';

/**
 * Environment variables shared by the services. Each service builds its own schema from these
 * fields plus its own, and `loadConfig` reads it once at start.
 */
/** A variable holding a URL of one of these protocols; a bad one is reported naming the variable. */
export const urlVariable = (name: string, protocols: readonly string[]) =>
  z.string({ error: `${name} is required` }).refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
  );

/** SHUTDOWN_GRACE_MS when unset: how long SIGTERM waits for requests in flight. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** The shortest INTERNAL_API_TOKEN accepted (the runner and the chart generate 43 characters). */
export const INTERNAL_API_TOKEN_MIN_LENGTH = 32;

/** A required secret of at least 32 characters (256 bits of base64url; the runner's have 43). */
export const secretVariable = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(
      INTERNAL_API_TOKEN_MIN_LENGTH,
      `${name} must be at least ${INTERNAL_API_TOKEN_MIN_LENGTH} characters`,
    );

/** An address, or an address/prefix-length block, as Fastify's trustProxy (proxy-addr) reads it. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A variable holding a comma-separated list (unset or empty: none), its entries trimmed. */
export const commaSeparatedList = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    );

export const envFields = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Parsed as MongoDB does, so replica-set URLs with several hosts are accepted. */
  MONGO_URL: z.string({ error: 'MONGO_URL is required' }).refine((value) => {
    try {
      return new ConnectionString(value).hosts.length > 0;
    } catch {
      return false;
    }
  }, 'MONGO_URL must be a mongodb:// or mongodb+srv:// URL'),
  NATS_URL: urlVariable('NATS_URL', ['nats:', 'tls:']),
  /**
   * A NATS credentials file (a user's JWT and seed) for a server that authenticates its clients;
   * unset: the process connects without credentials.
   */
  NATS_CREDS_FILE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .refine(isNatsCredsFile, 'NATS_CREDS_FILE must name a readable NATS credentials file')
      .optional(),
  ),
  /**
   * Copies of each JetStream stream the process creates: 1 for a single NATS server, 3 on a
   * three-node JetStream cluster. A stream that has more keeps them (ADR 0028).
   */
  EVENT_STREAM_REPLICAS: z.coerce
    .number({ error: 'EVENT_STREAM_REPLICAS must be a number' })
    .int('EVENT_STREAM_REPLICAS must be a whole number')
    .min(1, 'EVENT_STREAM_REPLICAS must be between 1 and 5')
    .max(5, 'EVENT_STREAM_REPLICAS must be between 1 and 5')
    .default(1),
  REDIS_URL: urlVariable('REDIS_URL', ['redis:', 'rediss:']),
  JWKS_URL: urlVariable('JWKS_URL', ['http:', 'https:']),
  /** How long SIGTERM waits for requests in flight before closing their connections. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(DEFAULT_SHUTDOWN_GRACE_MS),
  /**
   * The credential only the product's own processes hold: `/internal/*` and `/metrics` answer 404
   * to a request without it (see http/internal-credential.ts).
   */
  INTERNAL_API_TOKEN: secretVariable('INTERNAL_API_TOKEN'),
  /**
   * Prometheus' own credential for `/metrics`: when set, `/metrics` answers it and no longer
   * INTERNAL_API_TOKEN, and it opens no `/internal/*` route, so a scraper cannot call between
   * services. Unset (or empty): `/metrics` takes INTERNAL_API_TOKEN, as before it existed.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(
        INTERNAL_API_TOKEN_MIN_LENGTH,
        `METRICS_TOKEN must be at least ${INTERNAL_API_TOKEN_MIN_LENGTH} characters`,
      )
      .optional(),
  ),
  /**
   * The proxies whose X-Forwarded-For a service believes (the gateway's addresses): comma-separated
   * addresses or CIDR blocks. Empty (the default): the client is the TCP peer, whatever it sends.
   */
  TRUSTED_PROXIES: commaSeparatedList().refine(
    (entries) => entries.every(isAddressOrCidr),
    'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR blocks',
  ),
} as const;

/** What every process built on the kit reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: envFields.NODE_ENV,
  HOST: envFields.HOST,
  PORT: envFields.PORT,
  LOG_LEVEL: envFields.LOG_LEVEL,
  REDIS_URL: envFields.REDIS_URL,
  SHUTDOWN_GRACE_MS: envFields.SHUTDOWN_GRACE_MS,
  INTERNAL_API_TOKEN: envFields.INTERNAL_API_TOKEN,
  METRICS_TOKEN: envFields.METRICS_TOKEN,
  TRUSTED_PROXIES: envFields.TRUSTED_PROXIES,
});
export type BaseConfig = z.infer<typeof baseEnvSchema>;

/** The variables of a service that stores data, publishes events and checks tokens. */
export const serviceEnvSchema = baseEnvSchema.extend({
  MONGO_URL: envFields.MONGO_URL,
  NATS_URL: envFields.NATS_URL,
  NATS_CREDS_FILE: envFields.NATS_CREDS_FILE,
  EVENT_STREAM_REPLICAS: envFields.EVENT_STREAM_REPLICAS,
  JWKS_URL: envFields.JWKS_URL,
});
export type ServiceConfig = z.infer<typeof serviceEnvSchema>;

/** A process may leave out the database, the bus or token checks (the mailer needs none). */
export type KitConfig = BaseConfig &
  Partial<
    Pick<
      ServiceConfig,
      'MONGO_URL' | 'NATS_URL' | 'NATS_CREDS_FILE' | 'EVENT_STREAM_REPLICAS' | 'JWKS_URL'
    >
  >;

export class ConfigError extends Error {}

/**
 * Parses the environment against a schema. A missing or bad value is a ConfigError whose message
 * is one line naming the variable.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') || 'environment';
  const message = issue?.message ?? 'is invalid';
  throw new ConfigError(
    message.startsWith(name)
      ? `Invalid configuration: ${message}`
      : `Invalid configuration: ${name}: ${message}`,
  );
}

/** parseConfig for a process start: a bad value prints one line and stops the process. */
export function loadConfig<S extends z.ZodType>(schema: S): z.infer<S> {
  try {
    return parseConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
