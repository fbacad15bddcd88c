/**
 * What the backup CronJob's pod is given (helm/templates/backup.yaml), read and checked once: the
 * product's databases, one MONGO_URL_<SERVICE> each (the dependencies Secret's keys), all on one
 * server; the folder of the archives and how many to keep; NATS and Redis for a restore. And the
 * archives in that folder: the newest, and the oldest ones to delete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_FILE_PATTERN } from './backup';

export interface ClusterBackupConfig {
  /** The server, without a database. */
  mongoUrl: string;
  databases: string[];
  dir: string;
  keep: number;
  natsUrl: string;
  natsCredsFile: string | undefined;
  redisUrl: string;
}

/** `mongodb://host:port/name?query` as its server (`mongodb://host:port/?query`) and its name. */
function splitMongoUrl(variable: string, url: string): { server: string; database: string } {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)\/([^?]+)(\?.*)?$/.exec(url);
  if (!match?.[1] || !match[2]) {
    throw new Error(`${variable} must be a MongoDB URL with a database (mongodb://host/name)`);
  }
  return { server: `${match[1]}/${match[3] ?? ''}`, database: match[2] };
}

function required(env: NodeJS.ProcessEnv, variable: string): string {
  const value = env[variable];
  if (!value) throw new Error(`${variable} must be set`);
  return value;
}

export function clusterBackupConfig(env: NodeJS.ProcessEnv): ClusterBackupConfig {
  const urls = Object.entries(env)
    .filter((entry): entry is [string, string] => /^MONGO_URL_[A-Z]+$/.test(entry[0]) && !!entry[1])
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([variable, url]) => splitMongoUrl(variable, url));
  if (urls.length === 0) throw new Error('No MONGO_URL_<SERVICE> is set: nothing to back up');
  const servers = new Set(urls.map((url) => url.server));
  if (servers.size > 1) {
    throw new Error(
      'Every MONGO_URL_<SERVICE> must name the same server: one archive holds them all',
    );
  }
  const keep = Number(env.BACKUP_KEEP ?? '7');
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error('BACKUP_KEEP must be a whole number, 1 or more');
  return {
    mongoUrl: urls[0]!.server,
    databases: urls.map((url) => url.database),
    dir: env.BACKUP_DIR ?? '/backups',
    keep,
    natsUrl: required(env, 'NATS_URL'),
    natsCredsFile: env.NATS_CREDS_FILE || undefined,
    redisUrl: required(env, 'REDIS_URL'),
  };
}

/** The archives in `dir`, oldest first (their names sort by time). */
const archives = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => BACKUP_FILE_PATTERN.test(name))
        .sort()
    : [];

export function newestArchive(dir: string): string {
  const newest = archives(dir).at(-1);
  if (!newest) throw new Error(`There is no backup in ${dir}: run the backup CronJob first.`);
  return path.join(dir, newest);
}

/** Deletes all but the newest `keep` archives; resolves to the names deleted. */
export function pruneArchives(dir: string, keep: number): string[] {
  const old = archives(dir).slice(0, -keep);
  for (const name of old) fs.rmSync(path.join(dir, name));
  return old;
}
