import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { HealthRegistry } from '../health/health-registry';
import { natsServer } from './nats-credentials';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const NATS_URL = Symbol('NATS_URL');
export const NATS_CREDS_FILE = Symbol('NATS_CREDS_FILE');

/** How often the connection asks the server to answer (PING). */
export const NATS_PING_INTERVAL_MS = 5000;

/**
 * One NATS connection per process. It waits for the server at start and reconnects forever, so a
 * NATS outage delays events (the outbox keeps them) but never stops the service.
 */
export const natsProvider: Provider = {
  provide: NATS_CONNECTION,
  inject: [NATS_URL, NATS_CREDS_FILE, HealthRegistry],
  useFactory: async (
    url: string,
    credsFile: string | undefined,
    health: HealthRegistry,
  ): Promise<NatsConnection> => {
    const logger = new Logger('nats');
    const nc = await connect({
      ...natsServer(url, credsFile),
      name: process.env.SERVICE_NAME,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // A server whose node was lost sends nothing, not even a reset: the connection looks open
      // until two pings go unanswered. nats.js pings every 2 minutes, so a service would stay
      // on a dead member (its /readyz hanging on flush) for 4; every 5 s finds it within 15 s
      // (docs/adr/0030-several-nodes.md; packages/service-kit/test/nats-silent-member.spec.ts).
      pingInterval: NATS_PING_INTERVAL_MS,
      maxPingOut: 2,
      // Then each address tried (the Service's, which may still lead to the lost member, and the
      // members' own) gets 2 s to answer instead of 20: a live member within 20 s, not 55.
      timeout: 2000,
    });
    let connected = true;
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          connected = false;
          logger.warn('NATS disconnected; reconnecting');
        } else if (status.type === 'reconnect') {
          connected = true;
          logger.log('NATS reconnected');
        }
      }
    })();
    health.register({
      name: 'nats',
      isHealthy: async () => {
        if (!connected || nc.isClosed()) return false;
        await nc.flush();
        return true;
      },
    });
    return nc;
  },
};

@Injectable()
export class NatsCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}
