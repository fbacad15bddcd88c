import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import Redis from 'ioredis';
import { HealthRegistry } from '../health/health-registry';

export const REDIS = Symbol('REDIS');
export const REDIS_URL = Symbol('REDIS_URL');

/** One Redis connection per process, reconnecting forever, reported on /readyz. */
export const redisProvider: Provider = {
  provide: REDIS,
  inject: [REDIS_URL, HealthRegistry],
  useFactory: (url: string, health: HealthRegistry): Redis => {
    const logger = new Logger('redis');
    const redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    redis.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
    health.register({
      name: 'redis',
      isHealthy: async () => redis.status === 'ready' && (await redis.ping()) === 'PONG',
    });
    return redis;
  },
};

@Injectable()
export class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
