/**
 * The checks every service's `src/migrate.ts` (the Helm pre-install Job) must pass: on a fresh
 * database it creates every declared index and the event streams, a second run changes nothing,
 * `unused-indexes` then finds none (FerretDB reports its indexes so that every declared one is
 * recognised) and lists and drops one an older version left, and a missing NATS_URL stops it with
 * code 1 naming the variable.
 */
import path from 'node:path';
import { createConnection, type Schema } from 'mongoose';
import { connect } from 'nats';
import { EVENT_STREAMS } from '@mcat/contracts';
import { missingIndexes, runEntry } from '@mcat/service-kit/testing';
import { privateNats, type PrivateServer } from './private-infra';
import { testInfra } from './test-env';

const REPO_ROOT = path.resolve(__dirname, '../../..');

export function describeMigration(
  service: string,
  models: readonly { name: string; schema: Schema }[],
): void {
  const entry = `services/${service}/src/migrate.ts`;

  describe(`${service} migration (src/migrate.ts)`, () => {
    let nats: PrivateServer;
    beforeAll(async () => {
      nats = await privateNats();
    });
    afterAll(() => nats.dispose());

    it('creates the indexes and the event streams, and a second run changes nothing', async () => {
      const mongoUrl = testInfra.mongoUrl();
      const env = { MONGO_URL: mongoUrl, NATS_URL: nats.url };
      expect(await missingIndexes(mongoUrl, models)).not.toEqual([]);
      for (let run = 1; run <= 2; run += 1) {
        const { code, output } = await runEntry(REPO_ROOT, entry, env);
        expect({ run, code, output }).toEqual({
          run,
          code: 0,
          output: `${service}: indexes and event streams are up to date\n`,
        });
        expect(await missingIndexes(mongoUrl, models)).toEqual([]);
      }
      const nc = await connect({ servers: nats.url });
      const streams = (await (await nc.jetstreamManager()).streams.names().next()).sort();
      await nc.close();
      expect(streams).toEqual(expect.arrayContaining(EVENT_STREAMS.map((s) => s.name)));
    }, 60_000);

    it('leaves an index its schemas no longer declare to an operator, who lists and drops it', async () => {
      const mongoUrl = testInfra.mongoUrl();
      const migrated = await runEntry(REPO_ROOT, entry, {
        MONGO_URL: mongoUrl,
        NATS_URL: nats.url,
      });
      expect(migrated.code).toBe(0);
      const operator = { MONGO_URL: mongoUrl };
      expect(await runEntry(REPO_ROOT, entry, operator, ['unused-indexes'])).toEqual({
        code: 0,
        output: `${service}: every index is declared by the current schemas\n`,
      });
      // An index of an older version, which no schema of this one declares.
      const connection = await createConnection(mongoUrl, {
        autoIndex: false,
        autoCreate: false,
      }).asPromise();
      const [first] = models;
      const collection = connection.model(first!.name, first!.schema).collection.collectionName;
      await connection.collection(collection).createIndex({ retiredField: 1 });
      expect(await runEntry(REPO_ROOT, entry, operator, ['unused-indexes', '--drop'])).toEqual({
        code: 0,
        output: `dropped ${collection} retiredField_1 {"retiredField":1}\n`,
      });
      const left = await connection.collection(collection).listIndexes().toArray();
      await connection.close();
      expect(left.map((index) => index.name)).not.toContain('retiredField_1');
    }, 60_000);

    it('exits 1 naming the variable when NATS_URL is missing', async () => {
      const { code, output } = await runEntry(REPO_ROOT, entry, {
        MONGO_URL: testInfra.mongoUrl(),
      });
      expect(code).toBe(1);
      expect(output).toContain('NATS_URL');
    }, 30_000);
  });
}
