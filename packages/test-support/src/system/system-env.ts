/**
 * Where the running product under test is. `npm test` sets these after it has started the `test`
 * profile's stack; each defaults to that profile, so a person who started the stack by hand can run
 * `npx jest -c gateway/test/system/jest.config.cjs` as well.
 *
 * - SYSTEM_PROFILE: JSON of the stack's Profile (packages/runner/src/ports.ts: ports and data folder)
 * - SYSTEM_BASE_URL: the gateway (default http://127.0.0.1:<profile gateway port>)
 * - SYSTEM_MAIL_DIR: where the stack's SMTP catcher writes each message as an .eml file
 * - SYSTEM_MONGO_URL: the stack's MongoDB (FerretDB), without a database
 *
 * The auth service's generated token key pair (used to forge an expired token), the credentials
 * the runner generated (INTERNAL_API_TOKEN, METRICS_TOKEN, REVIEW_REMINDER_SECRET) and the
 * runner's status file (each process's
 * current pid and restarts, support/runner.ts) are read from the profile's data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  internalTokenFile,
  metricsTokenFile,
  reviewReminderSecretFile,
} from '@mcat/runner/internal-token';
import { infraUrls, TEST_PROFILE, type Profile } from '@mcat/runner/ports';
import { mailDir } from '@mcat/runner/processes';
import { runnerStatusFile } from '@mcat/runner/supervision/runner-status';

const env = process.env;
const profile = env.SYSTEM_PROFILE ? (JSON.parse(env.SYSTEM_PROFILE) as Profile) : TEST_PROFILE;

export const systemEnv = {
  profile,
  baseUrl: env.SYSTEM_BASE_URL ?? `http://127.0.0.1:${profile.gateway}`,
  mailDir: env.SYSTEM_MAIL_DIR ?? mailDir(profile),
  mongoUrl: env.SYSTEM_MONGO_URL ?? infraUrls(profile).MONGO_URL,
  keysDir: path.join(profile.dataDir, 'keys'),
  runnerStatusFile: runnerStatusFile(profile),
  internalTokenFile: internalTokenFile(profile),
  metricsTokenFile: metricsTokenFile(profile),
  /** The environment the runner started the processes with: its own plus the credentials. */
  runnerEnv: (): NodeJS.ProcessEnv => ({
    ...env,
    INTERNAL_API_TOKEN: fs.readFileSync(internalTokenFile(profile), 'utf8').trim(),
    METRICS_TOKEN: fs.readFileSync(metricsTokenFile(profile), 'utf8').trim(),
    REVIEW_REMINDER_SECRET: fs.readFileSync(reviewReminderSecretFile(profile), 'utf8').trim(),
  }),
};
