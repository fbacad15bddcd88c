import fs from 'node:fs';
import type { TestSnapshot } from '@mcat/contracts';
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { connect } from 'nats';
import { securedDependencies, type SecuredDependencies } from '@mcat/test-support/secured-infra';
import { natsServer } from '../src';
import { startServiceProcess, type ServiceProcess } from './support/event-test-service-process';
import type { Effect } from './support/event-test-service';
import { waitFor } from './support/wait-for';

// Booting a service in a child process takes seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

const snapshot = (): TestSnapshot => ({
  testId: new mongoose.Types.ObjectId().toString(),
  userId: new mongoose.Types.ObjectId().toString(),
  source: 'AAMC FL 2',
  dateTaken: '2025-05-01T00:00:00.000Z',
});

describe('a service whose MongoDB, Redis and NATS require TLS, and NATS credentials', () => {
  let dependencies: SecuredDependencies;
  let service: ServiceProcess;

  beforeAll(async () => {
    dependencies = await securedDependencies();
    service = await startServiceProcess({
      natsUrl: dependencies.natsUrl,
      mongoUrl: dependencies.mongoUrl,
      shutdownGraceMs: 0,
      env: {
        REDIS_URL: dependencies.redisUrl,
        NATS_CREDS_FILE: dependencies.natsCredsFile,
        // The CA bundle, as the chart gives it (dependencies.caBundle).
        NODE_EXTRA_CA_CERTS: dependencies.caFile,
      },
    });
  });

  afterAll(async () => {
    service?.child.kill('SIGKILL');
    await dependencies?.dispose();
  });

  it('trusts the CA bundle, is ready on all three, and moves an event through them', async () => {
    const ready = await fetch(`${service.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'up',
      dependencies: { mongodb: 'up', nats: 'up', redis: 'up' },
    });

    // A note and its event in one write (MongoDB), relayed to the stream (NATS), consumed back
    // into the database.
    const response = await fetch(`${service.baseUrl}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(snapshot()),
    });
    expect(response.status).toBe(201);
    const { eventId } = (await response.json()) as { eventId: string };
    const mongo = await MongoClient.connect(dependencies.mongoUrl, {
      tlsCAFile: dependencies.caFile,
    });
    try {
      const effect = await waitFor(`event ${eventId} to be handled`, () =>
        mongo.db('mcat_shutdown').collection<Effect>('effects').findOne({ _id: eventId }),
      );
      expect(effect.count).toBe(1);
    } finally {
      await mongo.close();
    }
  });

  it('reads the credentials file again at each connect, so a rotated file needs no restart', async () => {
    const rotated = `${dependencies.natsCredsFile}.rotated`;
    fs.copyFileSync(dependencies.natsCredsFile, rotated);
    const server = natsServer(dependencies.natsUrl, rotated);
    const tls = { caFile: dependencies.caFile };
    const first = await connect({ ...server, tls });
    await first.close();
    fs.copyFileSync(dependencies.strangerCredsFile, rotated);
    await expect(connect({ ...server, tls })).rejects.toMatchObject({
      code: 'AUTHORIZATION_VIOLATION',
    });
  });

  it("is refused by NATS without credentials, with a stranger's, or without the CA", async () => {
    const tls = { caFile: dependencies.caFile };
    await expect(
      connect({ ...natsServer(dependencies.natsUrl, undefined), tls }),
    ).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(
      connect({ ...natsServer(dependencies.natsUrl, dependencies.strangerCredsFile), tls }),
    ).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(
      connect(natsServer(dependencies.natsUrl, dependencies.natsCredsFile)),
    ).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  });
});
