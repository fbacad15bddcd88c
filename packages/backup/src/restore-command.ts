/**
 * `npm run restore -- FILE`: brings an archive of `npm run backup` back into the stopped
 * single-machine stack. It refuses while `npm start` (or any process of the stack) runs, and
 * refuses a file that is not a whole archive of ours, before changing anything. Then it replaces
 * each database's contents and the mail folder with the archive's, empties the embedded JetStream
 * and clears auth's session versions in Redis (auth writes them again at start), and prints what it
 * restored. FerretDB and Redis are started alone for it when they are not running.
 * See docs/adr/0018-backups.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { givenPath } from './backup-command';
import { useLocalServer, type LocalServer } from './local-server';
import { NotOurArchiveError } from '../../service-kit/src/backup/manifest';
import {
  openArchive,
  restoreArchive,
  RestoreIncompleteError,
  type OpenedArchive,
  type RestoreSummary,
} from '../../service-kit/src/backup/restore';
import {
  refuseWhileRunning,
  singleMachineTarget,
  stackPorts,
  StackRunningError,
} from './running-stack';
import { ferretdbSpec, redisSpec } from '@mcat/runner/infra';
import { START_PROFILE, type Profile } from '@mcat/runner/ports';
import { mailDir } from '@mcat/runner/processes';
import { acquireRunLock, AlreadyRunningError } from '@mcat/runner/run-lock';

const USAGE = 'Usage: npm run restore -- FILE   (an archive written by npm run backup)';
const log = (line: string) => process.stdout.write(`${line}\n`);
const shown = (file: string) => path.relative(process.cwd(), file) || file;

function report(
  file: string,
  summary: RestoreSummary,
  env: NodeJS.ProcessEnv,
  profile: Profile,
): void {
  log(`Restored ${file} (backup of ${summary.createdAt}):`);
  for (const database of summary.databases) {
    log(`  ${database.name}: ${database.collections} collections, ${database.documents} documents`);
  }
  log(`  mail: ${summary.mails} files into ${shown(mailDir(profile))}`);
  const jetStream = summary.eventsReset ? 'emptied' : 'was empty';
  log(
    env.NATS_URL
      ? '  JetStream: NATS_URL is set, so its streams were left as they are'
      : `  JetStream: ${jetStream}; the services recreate their streams at start`,
  );
  const cleared = summary.sessionVersionsCleared ?? 0;
  log(`  Redis: ${cleared} session versions cleared; auth writes them again at start`);
  log('Start the product with: npm start');
}

/** Runs `restore` with the profile's FerretDB and Redis, started alone when they are not up. */
async function withLocalServers<T>(
  env: NodeJS.ProcessEnv,
  profile: Profile,
  restore: () => Promise<T>,
): Promise<T> {
  const servers: LocalServer[] = [];
  try {
    if (!env.MONGO_URL) {
      servers.push(
        await useLocalServer(() => ferretdbSpec(profile), profile.mongo, profile.dataDir),
      );
    }
    if (!env.REDIS_URL) {
      servers.push(await useLocalServer(() => redisSpec(profile), profile.redis, profile.dataDir));
    }
    return await restore();
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

export async function main(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  profile: Profile = START_PROFILE,
): Promise<number> {
  if (args.length !== 1 || args[0].startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const file = givenPath(args[0], env);
  if (!fs.existsSync(file)) {
    process.stderr.write(`There is no file ${file}. Nothing was restored.\n`);
    return 1;
  }
  let archive: OpenedArchive | null = null;
  try {
    // Held to the end: npm start cannot start while the data is being replaced.
    const lock = acquireRunLock(path.join(profile.dataDir, 'start.lock'));
    try {
      await refuseWhileRunning(stackPorts(profile, env));
      archive = await openArchive(file);
      const opened = archive;
      const summary = await withLocalServers(env, profile, () =>
        restoreArchive(
          opened,
          singleMachineTarget({
            mongoUrl: env.MONGO_URL ?? `mongodb://127.0.0.1:${profile.mongo}`,
            mailDir: mailDir(profile),
            stackPorts: stackPorts(profile, env),
            natsDir: env.NATS_URL ? null : path.join(profile.dataDir, 'nats'),
            redisUrl: env.REDIS_URL ?? `redis://127.0.0.1:${profile.redis}`,
          }),
        ),
      );
      report(file, summary, env, profile);
      return 0;
    } finally {
      archive?.dispose();
      lock.release();
    }
  } catch (error) {
    if (error instanceof AlreadyRunningError) {
      process.stderr.write(
        `npm start is running (pid ${error.pid}). Stop it first (Ctrl-C in its terminal), ` +
          'then run the restore again. Nothing was restored.\n',
      );
      return 1;
    }
    if (
      error instanceof StackRunningError ||
      error instanceof NotOurArchiveError ||
      error instanceof RestoreIncompleteError
    ) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
