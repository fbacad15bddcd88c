/**
 * The event test service as its own process, for the shutdown tests: started with
 * `node -r ./packages/service-kit/test/support/ts-register.cjs` and MONGO_URL, NATS_URL and
 * SHUTDOWN_GRACE_MS in the environment (REDIS_URL and NATS_CREDS_FILE when set), it consumes events and prints `ready <base URL>` once it
 * listens.
 */
import { startEventTestService } from './event-test-service';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

void startEventTestService({
  name: 'shutdown',
  mongoUrl: env('MONGO_URL'),
  natsUrl: env('NATS_URL'),
  ...(process.env.NATS_CREDS_FILE ? { natsCredsFile: process.env.NATS_CREDS_FILE } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  consume: {},
  shutdownGraceMs: Number(env('SHUTDOWN_GRACE_MS')),
}).then((service) => process.stdout.write(`ready ${service.baseUrl}\n`));
