import type { FactoryProvider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import {
  freePort,
  privateNatsCluster,
  type PrivateNatsCluster,
} from '@mcat/test-support/private-infra';
import { SilenceableRelay } from '@mcat/test-support/silenceable-relay';
import { HealthRegistry, natsProvider } from '../src';
import { waitFor } from './support/wait-for';

// Three nats-servers, and up to 25 s of waiting for the client to give up on a silent one.
jest.setTimeout(60_000);

/** How soon a service must be on another member once its member went silent (it took 4 minutes). */
const MOVED_WITHIN_MS = 25_000;

/**
 * A Kubernetes node holding one member of the NATS cluster is lost: the member goes silent, no
 * connection is reset. A service knows the cluster by its Service's name, and by the members' pod
 * addresses the servers advertise. Here the member nats-1 sits behind two relays that go silent
 * together: `service` (the address the service is given, as the Service's name routed to nats-1)
 * and `pod` (the address nats-1 advertises for itself, as its pod IP); nats-1 has no other.
 */
describe('the NATS connection when its cluster member is lost', () => {
  let cluster: PrivateNatsCluster;
  let service: SilenceableRelay;
  let pod: SilenceableRelay;
  const clients: NatsConnection[] = [];

  beforeAll(async () => {
    const podPort = await freePort();
    cluster = await privateNatsCluster(3, { clientAdvertise: [`127.0.0.1:${podPort}`] });
    const member = Number(new URL(cluster.urls[0]!).port);
    service = await SilenceableRelay.start(member);
    pod = await SilenceableRelay.start(member, podPort);
  });

  afterAll(async () => {
    await Promise.all(clients.map((nc) => nc.close()));
    await service?.close();
    await pod?.close();
    await cluster?.dispose();
  });

  it('moves to another member within seconds, ready again, its subscriptions with it', async () => {
    const health = new HealthRegistry();
    const factory = (natsProvider as FactoryProvider<Promise<NatsConnection>>).useFactory;
    const nc = await factory(`nats://127.0.0.1:${service.port}`, undefined, health);
    clients.push(nc);
    const statuses: string[] = [];
    void (async () => {
      for await (const status of nc.status())
        statuses.push(`${status.type} ${String(status.data)}`);
    })();
    const received: string[] = [];
    const echo = nc.subscribe('silent-member.echo', {
      callback: (error, message) =>
        received.push(error ? `error ${error.message}` : message.string()),
    });
    await nc.flush();

    expect(nc.info?.server_name).toBe('nats-1');
    expect(await health.check()).toEqual({ nats: 'up' });

    service.silence();
    pod.silence();
    const lostAt = Date.now();
    const left = () => MOVED_WITHIN_MS - (Date.now() - lostAt);
    // The silence shows: the check's flush gets no answer.
    await waitFor('the nats check down', async () => (await health.check()).nats === 'down');

    await waitFor(
      'a reconnection',
      async () => statuses.some((status) => status.startsWith('reconnect ')),
      left(),
    ).catch((error: Error) => {
      const after = `${Date.now() - lostAt} ms after the loss`;
      throw new Error(`${error.message} (${after}); statuses: ${statuses.join(', ')}`);
    });
    expect(nc.info?.server_name).not.toBe('nats-1');
    await waitFor('the nats check up', async () => (await health.check()).nats === 'up', left());
    expect(Date.now() - lostAt).toBeLessThan(MOVED_WITHIN_MS);

    // The subscription made before the loss came along, and a publish goes out.
    nc.publish('silent-member.echo', 'after the loss');
    await waitFor('the message back', async () => received.length > 0, 5000);
    expect(received).toEqual(['after the loss']);
    expect(echo.isClosed()).toBe(false);
  });
});
