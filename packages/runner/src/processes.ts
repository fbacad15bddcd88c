/**
 * The one table of what the runner starts for a profile and with which environment: the SMTP
 * catcher, the five services and the gateway. Infrastructure specs come from `infra.ts`. Anything
 * not set here (BRAND_NAME, SUPPORT_EMAIL, JWT_EXPIRES_IN, Stripe keys...) passes through from the
 * runner's own environment, and the service's config supplies the default.
 */
import path from 'node:path';
import { infraUrls, REPO_ROOT, SERVICE_NAMES, type Profile, type ServiceName } from './ports';
import { runnerStatusFile } from './supervision/runner-status';

export type ProcessName = ServiceName | 'gateway' | 'smtp';

export interface AppProcess {
  name: ProcessName;
  /** Program and arguments, run from the repository root. */
  argv: string[];
  env: Record<string, string>;
  /** Answers 2xx once the process is ready to serve. */
  readyUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Replaces the database of a MongoDB URL (keeping hosts and options): each service owns one. */
export function withDatabase(mongoUrl: string, database: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]*)(?:\/[^?]*)?(\?.*)?$/.exec(mongoUrl);
  if (!match) return mongoUrl;
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

const local = (port: number) => `http://127.0.0.1:${port}`;

/**
 * The addresses the gateway connects to the services from (it calls them on 127.0.0.1): the only
 * X-Forwarded-For the services believe. Not all of 127.0.0.0/8: the system tests call the services
 * directly from other loopback addresses, as a hostile caller inside the network would.
 */
export const GATEWAY_ADDRESSES = '127.0.0.1,::1,::ffff:127.0.0.1';

/**
 * INTERNAL_API_TOKEN and METRICS_TOKEN as the runner was given them (startStack sets the
 * profile's generated ones).
 */
const credentials = (env: Env): Record<string, string> => ({
  ...(env.INTERNAL_API_TOKEN ? { INTERNAL_API_TOKEN: env.INTERNAL_API_TOKEN } : {}),
  ...(env.METRICS_TOKEN ? { METRICS_TOKEN: env.METRICS_TOKEN } : {}),
});

/**
 * Auth's REVIEW_REMINDER_SECRET as the runner was given it (startStack sets the profile's
 * generated one), and under `npm test` a reminder check every 2 s instead of every minute, so the
 * system tests see a reminder within seconds (docs/adr/0035-review-reminders.md).
 */
const reminders = (profile: Profile, env: Env): Record<string, string> => ({
  ...(env.REVIEW_REMINDER_SECRET ? { REVIEW_REMINDER_SECRET: env.REVIEW_REMINDER_SECRET } : {}),
  ...(env.REVIEW_REMINDER_CHECK_MS || profile.name === 'test'
    ? { REVIEW_REMINDER_CHECK_MS: env.REVIEW_REMINDER_CHECK_MS ?? '2000' }
    : {}),
});

/** Where the services append the shape of each query they send, if set (`npm test` sets it). */
const queryLog = (env: Env): Record<string, string> =>
  env.MONGO_QUERY_LOG ? { MONGO_QUERY_LOG: env.MONGO_QUERY_LOG } : {};

/** The address people open; reset links in mail point there. */
export function publicUrl(profile: Profile, env: Env = process.env): string {
  const host = profile.name === 'test' ? '127.0.0.1' : 'localhost';
  return env.PUBLIC_URL ?? `http://${host}:${profile.gateway}`;
}

export const mailDir = (profile: Profile) => path.join(profile.dataDir, 'mail');

export function serviceEnv(
  profile: Profile,
  name: ServiceName,
  env: Env = process.env,
): Record<string, string> {
  const urls = infraUrls(profile);
  const common = {
    NODE_ENV: env.NODE_ENV ?? (profile.name === 'test' ? 'test' : 'development'),
    HOST: '127.0.0.1',
    PORT: String(profile.services[name]),
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    SERVICE_NAME: name,
    REDIS_URL: urls.REDIS_URL,
    TRUSTED_PROXIES: GATEWAY_ADDRESSES,
    ...credentials(env),
  };
  const data = {
    MONGO_URL: withDatabase(urls.MONGO_URL, `mcat_${name}`),
    NATS_URL: urls.NATS_URL,
    JWKS_URL: `${local(profile.services.auth)}/.well-known/jwks.json`,
    ...queryLog(env),
  };
  const authInternal = { AUTH_INTERNAL_URL: local(profile.services.auth) };
  switch (name) {
    case 'auth':
      return {
        ...common,
        ...data,
        JWT_KEYS_DIR: path.join(profile.dataDir, 'keys'),
        TESTS_INTERNAL_URL: local(profile.services.tests),
        QUESTIONS_INTERNAL_URL: local(profile.services.questions),
        BILLING_INTERNAL_URL: local(profile.services.billing),
        ...reminders(profile, env),
        // Every end-to-end account is registered from this machine: the per-address limits
        // would refuse the suite after 20 sign-ups. The per-e-mail limits still apply.
        ...(profile.name === 'test'
          ? { RATE_LIMIT_EXEMPT_IPS: env.RATE_LIMIT_EXEMPT_IPS ?? '127.0.0.1,::1,::ffff:127.0.0.1' }
          : {}),
      };
    case 'tests':
      return { ...common, ...data, ...authInternal };
    case 'questions':
      return {
        ...common,
        ...data,
        ...authInternal,
        TESTS_INTERNAL_URL: local(profile.services.tests),
      };
    case 'billing':
      return {
        ...common,
        ...data,
        ...authInternal,
        PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'dev'),
        // As for auth: the browser suite applies coupons from this machine; the per-account
        // limits still apply, and the system tests call from other loopback addresses.
        ...(profile.name === 'test'
          ? { RATE_LIMIT_EXEMPT_IPS: env.RATE_LIMIT_EXEMPT_IPS ?? '127.0.0.1,::1,::ffff:127.0.0.1' }
          : {}),
      };
    case 'mailer':
      return { ...common, SMTP_URL: urls.SMTP_URL, PUBLIC_URL: publicUrl(profile, env) };
  }
}

export function gatewayEnv(profile: Profile, env: Env = process.env): Record<string, string> {
  const s = profile.services;
  return {
    NODE_ENV: env.NODE_ENV ?? (profile.name === 'test' ? 'test' : 'development'),
    HOST: env.HOST ?? '127.0.0.1',
    PORT: String(profile.gateway),
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    ...credentials(env),
    AUTH_URL: local(s.auth),
    TESTS_URL: local(s.tests),
    QUESTIONS_URL: local(s.questions),
    BILLING_URL: local(s.billing),
    MAILER_URL: local(s.mailer),
    JWKS_URL: `${local(s.auth)}/.well-known/jwks.json`,
    // Where the rate limits are counted, shared by every gateway process (docs/gateway.md).
    REDIS_URL: infraUrls(profile).REDIS_URL,
    STATIC_DIR: path.join(REPO_ROOT, 'frontend', 'dist'),
    PUBLIC_URL: publicUrl(profile, env),
    // /api/health adds the runner's view of its processes (states, restarts) from this file.
    RUNNER_STATUS_FILE: runnerStatusFile(profile),
    // The browser suite and the benches call from 127.0.0.1 far faster than a person; the system
    // tests call from other loopback addresses, so the limits still apply to them.
    ...(profile.name === 'test'
      ? { RATE_LIMIT_EXEMPT_IPS: env.RATE_LIMIT_EXEMPT_IPS ?? '127.0.0.1,::1,::ffff:127.0.0.1' }
      : {}),
  };
}

/**
 * Node flags of the services and the gateway (the Helm chart sets the same in NODE_OPTIONS). V8's
 * young generation grows to 2 x 16 MB semi-spaces while the modules load and then stays resident
 * in an idle process; 2 x 8 MB keeps 13-16 MB less resident (auth idle, gateway under load) for a
 * CPU cost within the noise of the bench, where 2 x 4 MB cost the gateway about a fifth more CPU
 * per request (docs/benchmarks-log.md "Foundation").
 */
export const NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * glibc malloc settings of the services and the gateway: every allocation of 1 MiB or more gets its
 * own mapping, returned to the system when freed. By default glibc raises that threshold after the
 * first large free, so auth's argon2 buffers (19 MiB per hash) stayed resident in each libuv
 * thread's arena: 80 MB more after ten sign-ins, for good. The runner's own value wins.
 */
function mallocEnv(env: Env): Record<string, string> {
  return { MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? String(1024 * 1024) };
}

/** The SMTP catcher, unless SMTP_URL points at a real server. */
function smtpCatcher(profile: Profile, env: Env): AppProcess[] {
  if (env.SMTP_URL) return [];
  return [
    {
      name: 'smtp',
      argv: [process.execPath, '--import', 'tsx', 'packages/runner/src/smtp-catcher.ts'],
      env: { SMTP_CATCHER_PORT: String(profile.smtp), MAIL_DIR: mailDir(profile) },
      readyUrl: `tcp:127.0.0.1:${profile.smtp}`,
    },
  ];
}

/** Every application process of the profile, in start order. */
export function appProcesses(profile: Profile, env: Env = process.env): AppProcess[] {
  return [
    ...smtpCatcher(profile, env),
    ...SERVICE_NAMES.map((name): AppProcess => ({
      name,
      argv: [process.execPath, ...NODE_FLAGS, `services/${name}/dist/main.js`],
      env: { ...mallocEnv(env), ...serviceEnv(profile, name, env) },
      readyUrl: `http-get://127.0.0.1:${profile.services[name]}/readyz`,
    })),
    {
      name: 'gateway',
      argv: [process.execPath, ...NODE_FLAGS, 'gateway/dist/main.js'],
      env: { ...mallocEnv(env), ...gatewayEnv(profile, env) },
      readyUrl: `http-get://127.0.0.1:${profile.gateway}/healthz`,
    },
  ];
}
