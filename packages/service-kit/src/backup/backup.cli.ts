/**
 * The product's backup and restore on a cluster, in a pod of the chart's backup CronJob
 * (helm/templates/backup.yaml), from any service image:
 *   node /app/packages/service-kit/dist/backup/backup.cli.js backup
 *   node /app/packages/service-kit/dist/backup/backup.cli.js restore [FILE]
 * The same archive as `npm run backup` (createBackup), of the databases named by every
 * MONGO_URL_<SERVICE> variable, written to BACKUP_DIR (a volume) and the oldest beyond BACKUP_KEEP
 * deleted. A restore puts FILE (a name in BACKUP_DIR; the newest by default) back once no service
 * runs, deletes JetStream's streams and clears auth's session versions. docs/operations.md,
 * "Backups on a cluster".
 */
import {
  clusterBackupConfig,
  newestArchive,
  pruneArchives,
  type ClusterBackupConfig,
} from './cluster-backup';
import { backupFileName, createBackup } from './backup';
import { deleteStreams } from './derived-state';
import { restoreBackup } from './restore';
import { refuseWhileServicesRun } from './running-services';
import { natsServer } from '../infra/nats-credentials';
import path from 'node:path';

const USAGE = 'Usage: backup.cli.js backup | restore [FILE]';
const log = (line: string) => process.stdout.write(`${line}\n`);

async function backup(config: ClusterBackupConfig): Promise<void> {
  const file = path.join(config.dir, backupFileName());
  const summary = await createBackup({
    mongoUrl: config.mongoUrl,
    databases: config.databases,
    mailDir: null,
    file,
  });
  for (const database of summary.manifest.databases) {
    const documents = database.collections.reduce((n, c) => n + c.count, 0);
    log(`  ${database.name}: ${database.collections.length} collections, ${documents} documents`);
  }
  log(`Backup written to ${summary.file}`);
  for (const removed of pruneArchives(config.dir, config.keep))
    log(`Removed ${removed} (BACKUP_KEEP=${config.keep})`);
}

async function restore(config: ClusterBackupConfig, named: string | undefined): Promise<void> {
  const file = named ? path.resolve(config.dir, named) : newestArchive(config.dir);
  const nats = natsServer(config.natsUrl, config.natsCredsFile);
  const summary = await restoreBackup(file, {
    mongoUrl: config.mongoUrl,
    mailDir: null,
    refuseWhileRunning: () => refuseWhileServicesRun(nats),
    events: { name: 'JetStream', reset: () => deleteStreams(nats) },
    redisUrl: config.redisUrl,
  });
  log(`Restored ${file} (backup of ${summary.createdAt}):`);
  for (const database of summary.databases) {
    log(`  ${database.name}: ${database.collections} collections, ${database.documents} documents`);
  }
  log(
    `  JetStream: ${summary.eventsReset ? 'streams deleted' : 'had no streams'}; the services recreate them at start`,
  );
  log(
    `  Redis: ${summary.sessionVersionsCleared ?? 0} session versions cleared; auth writes them again at start`,
  );
  log('Scale the release\'s Deployments back up (docs/operations.md, "Backups on a cluster").');
}

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args;
  if (
    rest.length > 0 ||
    (command === 'backup' && file) ||
    !['backup', 'restore'].includes(command ?? '')
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = clusterBackupConfig(process.env);
  if (command === 'backup') await backup(config);
  else await restore(config, file);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`FAILED ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
