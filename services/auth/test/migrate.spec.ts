import path from 'node:path';
import { connect } from 'nats';
import { EVENT_STREAMS } from '@mcat/contracts';
import { missingIndexes, runEntry } from '@mcat/service-kit/testing';
import { privateNats, type PrivateServer } from '../../../scripts/test-infra/private-infra';
import { testInfra } from '../../../scripts/test-infra/test-env';
import { ResetToken, ResetTokenSchema } from '../src/password-reset/reset-token.schema';
import { User, UserSchema } from '../src/users/user.schema';

const REPO_ROOT = path.resolve(__dirname, '../../..');

describe('auth migration (src/migrate.ts)', () => {
  let nats: PrivateServer;
  beforeAll(async () => {
    nats = await privateNats();
  });
  afterAll(() => nats.dispose());

  it('creates the indexes and the event streams, and a second run changes nothing', async () => {
    const mongoUrl = testInfra.mongoUrl();
    const env = { MONGO_URL: mongoUrl, NATS_URL: nats.url };
    const models = [
      { name: User.name, schema: UserSchema },
      { name: ResetToken.name, schema: ResetTokenSchema },
    ];
    expect(await missingIndexes(mongoUrl, models)).not.toEqual([]);
    for (let run = 1; run <= 2; run += 1) {
      const { code, output } = await runEntry(REPO_ROOT, 'services/auth/src/migrate.ts', env);
      expect({ run, code, output }).toEqual({
        run,
        code: 0,
        output: 'auth: indexes and event streams are up to date\n',
      });
      expect(await missingIndexes(mongoUrl, models)).toEqual([]);
    }
    const nc = await connect({ servers: nats.url });
    const jsm = await nc.jetstreamManager();
    const streams = (await jsm.streams.names().next()).sort();
    await nc.close();
    expect(streams).toEqual(expect.arrayContaining(EVENT_STREAMS.map((s) => s.name)));
  }, 60_000);

  it('exits 1 naming the variable when NATS_URL is missing', async () => {
    const { code, output } = await runEntry(REPO_ROOT, 'services/auth/src/migrate.ts', {
      MONGO_URL: testInfra.mongoUrl(),
    });
    expect(code).toBe(1);
    expect(output).toContain('NATS_URL');
  }, 30_000);
});
