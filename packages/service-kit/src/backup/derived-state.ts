/**
 * State outside the databases that follows from them and must not outlive a restore (the reasons
 * are in docs/adr/0018-backups.md):
 * - JetStream's streams (the embedded NATS's folder on one machine, the server's streams through
 *   its API on a cluster): events still in them were published after the backup and would be
 *   applied to the restored data; the services (their migrations on a cluster) recreate their
 *   streams and consumers at start, and the restored outboxes publish what was not yet published
 *   when the backup was made;
 * - the session versions auth mirrors into Redis: auth only ever raises them, so a version bumped
 *   after the backup would refuse every token of the restored account. Auth writes them all again
 *   from its database at start once the marker is gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { connect } from 'nats';
import { SESSION_VERSIONS_SYNCED_KEY, sessionVersionKey } from '../auth/token';
import type { NatsServer } from '../infra/nats-credentials';

/** Removes `<natsDir>/jetstream`; true when there was one. */
export function resetJetStream(natsDir: string): boolean {
  const dir = path.join(natsDir, 'jetstream');
  const existed = fs.existsSync(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return existed;
}

/** Deletes every stream of the account the server's credentials give; true when there was one. */
export async function deleteStreams(server: NatsServer): Promise<boolean> {
  const connection = await connect({ ...server, name: 'mcat-restore', timeout: 10_000 });
  try {
    const manager = await connection.jetstreamManager();
    const names: string[] = [];
    for await (const name of manager.streams.names()) names.push(name);
    for (const name of names) await manager.streams.delete(name);
    return names.length > 0;
  } finally {
    await connection.close();
  }
}

/** Deletes every session version and the marker; resolves to how many versions were deleted. */
export async function clearSessionVersions(redisUrl: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', sessionVersionKey('*'), 'COUNT', 500);
      if (keys.length > 0) deleted += await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.del(SESSION_VERSIONS_SYNCED_KEY);
    return deleted;
  } finally {
    redis.disconnect();
  }
}
