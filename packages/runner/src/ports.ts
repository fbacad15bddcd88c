/**
 * Loopback ports and data folders of the two local profiles. `start` is what `npm start` runs;
 * `test` is what `npm test` runs, on other ports, so both can run at once on one machine.
 */
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export type ServiceName = 'auth' | 'tests' | 'questions' | 'billing' | 'mailer';
export const SERVICE_NAMES: readonly ServiceName[] = [
  'auth',
  'tests',
  'questions',
  'billing',
  'mailer',
];

export interface Profile {
  name: 'start' | 'test';
  /** Everything the profile stores: databases, streams, keys, mail. */
  dataDir: string;
  gateway: number;
  services: Record<ServiceName, number>;
  mongo: number;
  nats: number;
  redis: number;
  smtp: number;
}

export const START_PROFILE: Profile = {
  name: 'start',
  dataDir: path.join(REPO_ROOT, '.data'),
  gateway: Number(process.env.PORT ?? 8080),
  services: { auth: 8101, tests: 8102, questions: 8103, billing: 8104, mailer: 8105 },
  mongo: 27117,
  nats: 4322,
  redis: 6479,
  smtp: 2625,
};

export const TEST_PROFILE: Profile = {
  name: 'test',
  dataDir: path.join(REPO_ROOT, '.test-data'),
  gateway: 9080,
  services: { auth: 9101, tests: 9102, questions: 9103, billing: 9104, mailer: 9105 },
  mongo: 27217,
  nats: 4422,
  redis: 6579,
  smtp: 2725,
};

export const infraUrls = (p: Profile) => ({
  MONGO_URL: process.env.MONGO_URL ?? `mongodb://127.0.0.1:${p.mongo}`,
  NATS_URL: process.env.NATS_URL ?? `nats://127.0.0.1:${p.nats}`,
  REDIS_URL: process.env.REDIS_URL ?? `redis://127.0.0.1:${p.redis}`,
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${p.smtp}`,
});
