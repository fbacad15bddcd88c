/**
 * `npm run grant-role -- <email> <role>`: gives an existing account a role (e.g. `billing` for
 * staff who see payments). The command is the auth service's own (services/auth/src/cli); this
 * runs it against the auth database: MONGO_URL, else the `start` profile's local FerretDB,
 * database mcat_auth.
 */
import { spawnSync } from 'node:child_process';
import { REPO_ROOT, START_PROFILE } from '@mcat/runner/ports';
import { withDatabase } from '@mcat/runner/processes';

/** The auth workspace's entry, run from its sources as the runner runs every TypeScript program. */
const COMMAND = 'services/auth/src/cli/grant-role.ts';

/** The auth database: MONGO_URL as given (its database, or mcat_auth when it names none). */
export function authMongoUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.MONGO_URL ?? `mongodb://127.0.0.1:${START_PROFILE.mongo}`;
  const named = /^mongodb(?:\+srv)?:\/\/[^/?]*\/[^?]+/.test(url);
  return named ? url : withDatabase(url, 'mcat_auth');
}

export function main(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', COMMAND, ...args], {
    cwd: REPO_ROOT,
    env: { ...env, MONGO_URL: authMongoUrl(env) },
    stdio: 'inherit',
  });
  if (run.error) {
    process.stderr.write(`grant-role failed: ${run.error.message}\n`);
    return 1;
  }
  return run.status ?? 1;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
