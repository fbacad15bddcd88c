import Redis from 'ioredis';
import { randomObjectId } from '@mcat/service-kit/testing';
import { freePort, privateRedis } from '@mcat/test-support/private-infra';
import { SilenceableRelay } from '@mcat/test-support/silenceable-relay';
import { RATE_LIMIT_KEY_PREFIXES, REDIS_COMMAND_TIMEOUT_MS } from '../src/edge/rate-limits';
import { getFrom, randomLoopbackAddress, type Answer } from './support/from-address';
import { GatewayHarness } from './support/gateway-harness';

// Starting a private redis-server and waiting out the reconnections take seconds.
jest.setTimeout(60_000);

const LIMITS = { RATE_LIMIT_PER_ADDRESS: '5', RATE_LIMIT_PER_TOKEN: '3' };

async function times(count: number, call: (index: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await call(i));
  return answers;
}

const statusesOf = (answers: Answer[]) => answers.map((answer) => answer.status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the gateway rate limits', () => {
  let gateway: GatewayHarness;
  const exempt = randomLoopbackAddress();

  beforeAll(async () => {
    gateway = await GatewayHarness.start({ ...LIMITS, RATE_LIMIT_EXEMPT_IPS: exempt });
  });
  afterAll(() => gateway.close());

  it('answers 429 with Retry-After to an address over its limit, without forwarding it', async () => {
    const from = randomLoopbackAddress();
    const before = gateway.services.tests.seen.length;
    const answers = await times(6, () => getFrom(gateway.url, '/api/tests', from));
    expect(statusesOf(answers.slice(0, 5))).toEqual([401, 401, 401, 401, 401]);
    const refused = answers[5]!;
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${refused.retryAfter} seconds.`,
    });
    expect(gateway.services.tests.seen.length).toBe(before);
    // Another address is not affected.
    const other = randomLoopbackAddress();
    expect((await getFrom(gateway.url, '/api/tests', other, gateway.bearer)).status).toBe(200);
  });

  it('limits one token used from many addresses', async () => {
    const bearer = gateway.issuer.bearer({ sub: randomObjectId() });
    const answers = await times(4, () =>
      getFrom(gateway.url, '/api/tests', randomLoopbackAddress(), bearer),
    );
    expect(statusesOf(answers)).toEqual([200, 200, 200, 429]);
  });

  it('does not count an exempt address', async () => {
    const answers = await times(8, () => getFrom(gateway.url, '/api/tests', exempt));
    expect(answers.every((a) => a.status === 401)).toBe(true);
  });

  it('does not count the web app outside /api', async () => {
    const from = randomLoopbackAddress();
    const answers = await times(8, () => getFrom(gateway.url, '/dashboard', from));
    expect(answers.some((a) => a.status === 429)).toBe(false);
  });

  describe('with a second gateway on the same Redis', () => {
    let second: GatewayHarness;
    beforeAll(async () => {
      second = await GatewayHarness.start(LIMITS);
    });
    afterAll(() => second.close());

    it('gives a client spread over both gateways its address limit once in all', async () => {
      const from = randomLoopbackAddress();
      const gateways = [gateway.url, second.url];
      const answers = await times(8, (i) => getFrom(gateways[i % 2]!, '/api/tests', from));
      expect(statusesOf(answers)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    });

    it('gives a token used through both gateways its limit once in all', async () => {
      const bearer = gateway.issuer.bearer({ sub: randomObjectId() });
      const gateways = [gateway.url, second.url];
      // The second harness checks tokens against its own issuer: its answers are 401, but the
      // token is counted before it is checked.
      const answers = await times(6, (i) =>
        getFrom(gateways[i % 2]!, '/api/tests', randomLoopbackAddress(), bearer),
      );
      expect(statusesOf(answers)).toEqual([200, 401, 200, 429, 429, 429]);
    });
  });
});

describe('the gateway rate limits while Redis is away', () => {
  /** Every answer within a second and a half: no request waits for Redis to come back. */
  const PROMPT_MS = 1500;

  it('answers at once with Redis unreachable from the start, each gateway counting alone', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const [first, second] = await Promise.all([
      GatewayHarness.start({ ...LIMITS, REDIS_URL: nowhere }),
      GatewayHarness.start({ ...LIMITS, REDIS_URL: nowhere }),
    ]);
    try {
      const from = randomLoopbackAddress();
      const answers = await times(6, () => getFrom(first.url, '/api/tests', from));
      expect(statusesOf(answers)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(answers.filter((answer) => answer.ms > PROMPT_MS)).toEqual([]);
      // Without the shared counter, the other gateway's count of the same client starts at 0.
      const elsewhere = await times(6, () => getFrom(second.url, '/api/tests', from));
      expect(statusesOf(elsewhere)).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('counts in the process while Redis is stopped, and in Redis again once it is back', async () => {
    const redis = await privateRedis();
    const gateway = await GatewayHarness.start({ ...LIMITS, REDIS_URL: redis.url });
    const store = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      const from = randomLoopbackAddress();
      const before = await times(3, () => getFrom(gateway.url, '/api/tests', from));
      expect(statusesOf(before)).toEqual([401, 401, 401]);

      await redis.stop();
      const away = randomLoopbackAddress();
      const whileAway = await times(6, () => getFrom(gateway.url, '/api/tests', away));
      expect(statusesOf(whileAway)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(whileAway.filter((answer) => answer.ms > PROMPT_MS)).toEqual([]);

      await redis.start();
      // The gateway reconnects within its retry delay (at most 2 s): a new client's first
      // request is then counted in Redis.
      const probe = randomLoopbackAddress();
      const deadline = Date.now() + 15_000;
      while (!(await store.exists(`${RATE_LIMIT_KEY_PREFIXES.perAddress}:${probe}`))) {
        if (Date.now() > deadline) throw new Error('the gateway never counted in Redis again');
        await getFrom(gateway.url, '/api/tests', probe);
        await sleep(200);
      }
      // The first client's count kept in Redis goes on from 3: two more, then 429.
      const after = await times(3, () => getFrom(gateway.url, '/api/tests', from));
      expect(statusesOf(after)).toEqual([401, 401, 429]);
    } finally {
      store.disconnect();
      await gateway.close();
      await redis.dispose();
    }
  });

  it('answers within the command timeout when Redis goes silent, then at once', async () => {
    const redis = await privateRedis();
    const relay = await SilenceableRelay.start(redis.port);
    const gateway = await GatewayHarness.start({
      ...LIMITS,
      REDIS_URL: `redis://127.0.0.1:${relay.port}`,
    });
    try {
      const from = randomLoopbackAddress();
      expect(statusesOf(await times(2, () => getFrom(gateway.url, '/api/tests', from)))).toEqual([
        401, 401,
      ]);

      relay.silence();
      const silent = randomLoopbackAddress();
      const whileSilent = await times(6, () => getFrom(gateway.url, '/api/tests', silent));
      expect(statusesOf(whileSilent)).toEqual([401, 401, 401, 401, 401, 429]);
      // The first waited for the command timeout (the relay did go silent); none waited longer,
      // and none at all once the silent connection was dropped (two missed checks a second apart).
      expect(whileSilent[0]!.ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
      const waited = whileSilent.filter((answer) => answer.ms > REDIS_COMMAND_TIMEOUT_MS + 500);
      expect(waited).toEqual([]);
      await sleep(3 * 1000);
      const later = await times(3, () =>
        getFrom(gateway.url, '/api/tests', randomLoopbackAddress()),
      );
      expect(later.filter((answer) => answer.ms >= REDIS_COMMAND_TIMEOUT_MS)).toEqual([]);
    } finally {
      await gateway.close();
      await relay.close();
      await redis.dispose();
    }
  });
});
