/**
 * Where the running product under test is. `npm test` sets these after it has started the `test`
 * profile's stack; each defaults to that profile, so a person who started the stack by hand can run
 * `npx jest -c gateway/test/system/jest.config.cjs` as well.
 *
 * - SYSTEM_PROFILE: JSON of the stack's Profile (scripts/lib/ports.ts: ports and data folder)
 * - SYSTEM_BASE_URL: the gateway (default http://127.0.0.1:<profile gateway port>)
 * - SYSTEM_MAIL_DIR: where the stack's SMTP catcher writes each message as an .eml file
 * - SYSTEM_MONGO_URL: the stack's MongoDB (FerretDB), without a database
 * - SYSTEM_PIDS: JSON {processName: pid} of the stack's processes
 *
 * The auth service's generated token key pair (used to forge an expired token) and the service
 * credential the runner generated (INTERNAL_API_TOKEN) are read from the profile's data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { internalTokenFile } from '../../../../scripts/lib/internal-token';
import { infraUrls, TEST_PROFILE, type Profile } from '../../../../scripts/lib/ports';
import { mailDir } from '../../../../scripts/lib/processes';

const env = process.env;
const profile = env.SYSTEM_PROFILE ? (JSON.parse(env.SYSTEM_PROFILE) as Profile) : TEST_PROFILE;

export const systemEnv = {
  profile,
  baseUrl: env.SYSTEM_BASE_URL ?? `http://127.0.0.1:${profile.gateway}`,
  mailDir: env.SYSTEM_MAIL_DIR ?? mailDir(profile),
  mongoUrl: env.SYSTEM_MONGO_URL ?? infraUrls(profile).MONGO_URL,
  keysDir: path.join(profile.dataDir, 'keys'),
  /** Empty when the stack was not started by `npm test` (its pids are then unknown). */
  pids: JSON.parse(env.SYSTEM_PIDS ?? '{}') as Record<string, number>,
  internalTokenFile: internalTokenFile(profile),
  /** The environment the runner started the processes with: its own plus the credential. */
  runnerEnv: (): NodeJS.ProcessEnv => ({
    ...env,
    INTERNAL_API_TOKEN: fs.readFileSync(internalTokenFile(profile), 'utf8').trim(),
  }),
};
