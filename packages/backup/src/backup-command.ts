/**
 * `npm run backup [-- FILE]`: writes one archive of the single-machine data (every service's
 * database and the caught mail) to FILE, by default `.data/backups/mcat-logbook-<UTC time>.tar.gz`,
 * and prints where it went. It works whether or not `npm start` runs: without it, FerretDB is
 * started alone for the dump and stopped after. With MONGO_URL set, that server is dumped.
 * See docs/adr/0018-backups.md.
 */
import path from 'node:path';
import { createBackup, defaultBackupFile } from '../../service-kit/src/backup/backup';
import { useLocalServer, type LocalServer } from './local-server';
import { productDatabases } from './product-databases';
import { ferretdbSpec, isPortOpen } from '@mcat/runner/infra';
import { START_PROFILE, type Profile } from '@mcat/runner/ports';
import { mailDir } from '@mcat/runner/processes';
import { acquireRunLock, AlreadyRunningError, type RunLock } from '@mcat/runner/run-lock';

const USAGE =
  'Usage: npm run backup [-- FILE]   (default: .data/backups/mcat-logbook-<UTC time>.tar.gz)';
const log = (line: string) => process.stdout.write(`${line}\n`);

/** FILE as the user typed it, from the folder npm was run in. */
export const givenPath = (file: string, env: NodeJS.ProcessEnv) =>
  path.resolve(env.INIT_CWD ?? process.cwd(), file);

export async function main(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  profile: Profile = START_PROFILE,
): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const file = args[0] ? givenPath(args[0], env) : defaultBackupFile(profile.dataDir);
  let lock: RunLock | null = null;
  let ferretdb: LocalServer | null = null;
  try {
    if (!env.MONGO_URL) {
      if (await isPortOpen(profile.gateway)) {
        log(
          'npm start is running: the archive is a consistent picture if nobody uses the product ' +
            'during the backup (stop npm start first to be sure).',
        );
      } else if (!(await isPortOpen(profile.mongo))) {
        // FerretDB is started alone: npm start must wait, or its own would find the port taken.
        lock = acquireRunLock(path.join(profile.dataDir, 'start.lock'));
        log(`FerretDB is not running: starting it alone for the backup (port ${profile.mongo}).`);
      }
      ferretdb = await useLocalServer(() => ferretdbSpec(profile), profile.mongo, profile.dataDir);
    }
    const summary = await createBackup({
      mongoUrl: env.MONGO_URL ?? `mongodb://127.0.0.1:${profile.mongo}`,
      databases: productDatabases(),
      mailDir: mailDir(profile),
      file,
    });
    for (const database of summary.manifest.databases) {
      const documents = database.collections.reduce((n, c) => n + c.count, 0);
      log(`  ${database.name}: ${database.collections.length} collections, ${documents} documents`);
    }
    log(`  mail: ${summary.manifest.mail.files.length} files`);
    log(`Backup written to ${summary.file}`);
    log(`Restore it (with npm start stopped) with: npm run restore -- ${summary.file}`);
    return 0;
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    process.stderr.write(
      `npm start is starting (pid ${error.pid}). Run the backup again once it is ready.\n`,
    );
    return 1;
  } finally {
    await ferretdb?.stop();
    lock?.release();
  }
}
