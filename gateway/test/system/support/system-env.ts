/**
 * Where the running product under test is. `npm test` sets these after it has started the `test`
 * profile's stack; each defaults to that profile, so a person who started the stack by hand can run
 * `npx jest -c gateway/test/system/jest.config.cjs` as well.
 *
 * - SYSTEM_BASE_URL: the gateway (http://127.0.0.1:9080)
 * - SYSTEM_MAIL_DIR: where the stack's SMTP catcher writes each message as an .eml file
 * - SYSTEM_MONGO_URL: the profile's MongoDB (FerretDB), without a database
 * - SYSTEM_KEYS_DIR: the auth service's generated token key pair (to forge an expired token)
 * - SYSTEM_PIDS: JSON {processName: pid} of the stack's processes
 */
import path from 'node:path';
import { TEST_PROFILE } from '../../../../scripts/lib/ports';
import { mailDir } from '../../../../scripts/lib/processes';

const env = process.env;

export const systemEnv = {
  baseUrl: env.SYSTEM_BASE_URL ?? `http://127.0.0.1:${TEST_PROFILE.gateway}`,
  mailDir: env.SYSTEM_MAIL_DIR ?? mailDir(TEST_PROFILE),
  mongoUrl: env.SYSTEM_MONGO_URL ?? `mongodb://127.0.0.1:${TEST_PROFILE.mongo}`,
  keysDir: env.SYSTEM_KEYS_DIR ?? path.join(TEST_PROFILE.dataDir, 'keys'),
  /** Empty when the stack was not started by `npm test` (its pids are then unknown). */
  pids: JSON.parse(env.SYSTEM_PIDS ?? '{}') as Record<string, number>,
};
