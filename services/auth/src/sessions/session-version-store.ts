import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { REDIS, SESSION_VERSIONS_SYNCED_KEY, sessionVersionKey } from '@mcat/service-kit';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { User } from '../users/user.schema';
import { RetiredSessionVersion } from './retired-session-version.schema';
import { SESSION_VERSION_WATCH_MS, TOKEN_LIFETIME_SECONDS } from './sessions.tokens';

/** Sets a key only upwards: session versions never go back, whoever writes last. */
const RAISE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if (not current) or tonumber(current) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1])
end
return 1`;

const RESYNC_BATCH = 500;

/**
 * Keeps the Redis copy of each user's session version, which the kit's guard in every service
 * reads (`session-version:<userId>`; a missing key means version 0). The database is the truth:
 * at start, and whenever the watcher finds the `synced` marker gone (Redis flushed or restarted
 * without its data) or a write failed, every non-zero version is written again. Until the marker
 * is set every service's guard answers 503 (docs/adr/0005), so the start waits for the first sync
 * before auth takes requests (when Redis is down it does not wait: the watcher keeps trying).
 */
@Injectable()
export class SessionVersionStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('session-versions');
  private timer: NodeJS.Timeout | undefined;
  private resyncNeeded = true;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(RetiredSessionVersion.name)
    private readonly retired: Model<RetiredSessionVersion>,
    @Inject(SESSION_VERSION_WATCH_MS) private readonly watchIntervalMs: number,
    @Inject(TOKEN_LIFETIME_SECONDS) private readonly tokenLifetimeSeconds: number,
  ) {}

  /**
   * A deleted account's version: written to Redis at once, and kept for the re-sync until every
   * token issued before it has expired.
   */
  async retire(userId: string, version: number): Promise<void> {
    await this.publish(userId, version);
    const until = new Date(Date.now() + this.tokenLifetimeSeconds * 1000);
    try {
      await this.retired.updateOne(
        { _id: userId },
        { $max: { sessionVersion: version }, $set: { until } },
        { upsert: true },
      );
    } catch (error) {
      this.logger.error(`Retired session version of ${userId} not stored: ${String(error)}`);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.watch();
    this.timer = setInterval(() => void this.watch(), this.watchIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Publishes a user's new version; a failed write is retried by the watcher. */
  async publish(userId: string, version: number): Promise<void> {
    try {
      await this.raise(userId, version);
    } catch (error) {
      this.resyncNeeded = true;
      this.logger.error(`Session version of ${userId} not written to Redis: ${String(error)}`);
    }
  }

  /** One check of the marker, and a full re-sync when it is needed. */
  watch(): Promise<void> {
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<void> {
    try {
      const synced = (await this.redis.exists(SESSION_VERSIONS_SYNCED_KEY)) === 1;
      if (synced && !this.resyncNeeded) return;
      this.resyncNeeded = true;
      const written = await this.resync();
      await this.redis.set(SESSION_VERSIONS_SYNCED_KEY, new Date().toISOString());
      this.resyncNeeded = false;
      this.logger.log(`Session versions written to Redis (${written} users)`);
    } catch (error) {
      this.logger.warn(`Session versions not synced yet: ${String(error)}`);
    }
  }

  private async resync(): Promise<number> {
    let written = 0;
    let batch: { id: string; version: number }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const pipeline = this.redis.pipeline();
      for (const { id, version } of batch) {
        pipeline.eval(RAISE_SCRIPT, 1, sessionVersionKey(id), version);
      }
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
      written += batch.length;
      batch = [];
    };
    const cursor = this.users
      .find({ sessionVersion: { $gt: 0 } }, { _id: 1, sessionVersion: 1 })
      .lean()
      .cursor();
    for await (const user of cursor) {
      batch.push({ id: user._id.toHexString(), version: user.sessionVersion });
      if (batch.length >= RESYNC_BATCH) await flush();
    }
    // The expired records go; the others are every version a live token may still carry.
    const now = new Date();
    await this.retired.deleteMany({ until: { $lt: now } });
    const retired = this.retired
      .find({ until: { $gte: now } }, { _id: 1, sessionVersion: 1 })
      .lean()
      .cursor();
    for await (const version of retired) {
      batch.push({ id: version._id, version: version.sessionVersion });
      if (batch.length >= RESYNC_BATCH) await flush();
    }
    await flush();
    return written;
  }

  private async raise(userId: string, version: number): Promise<void> {
    await this.redis.eval(RAISE_SCRIPT, 1, sessionVersionKey(userId), version);
  }
}
