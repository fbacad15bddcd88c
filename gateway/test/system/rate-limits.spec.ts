/**
 * Issue 13: the gateway's own limits, per client address and per bearer token, with the product's
 * default figures (the test profile exempts only 127.0.0.1, the browser suite's address).
 * Issue 27: the limits hold for a client spread over several gateway processes (counted in Redis).
 */
import { gatewayEnv, NODE_FLAGS } from '@mcat/test-support/stack';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { systemEnv } from '@mcat/test-support/system/system-env';
import { startListening, type ListeningProgram } from './support/commands';

/** The gateway's defaults (docs/configuration.md: RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_TOKEN). */
const PER_ADDRESS = 1200;
const PER_TOKEN = 600;
const CONCURRENCY = 16;

async function burst(count: number, send: (index: number) => Promise<GatewayResponse<unknown>>) {
  const statuses: number[] = [];
  let last: GatewayResponse<unknown> | undefined;
  for (let i = 0; i < count; i += CONCURRENCY) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, j) => send(i + j)),
    );
    for (const answer of answers) statuses.push(answer.status);
    last = answers.at(-1);
  }
  return { statuses, last: last! };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('the gateway rate limits', () => {
  it('refuses an address past its limit with 429 and Retry-After, and no other address', async () => {
    const client = new GatewayClient();
    const { statuses, last } = await burst(PER_ADDRESS + 1, () => client.get('/api/config'));
    expect(count(statuses, 200)).toBe(PER_ADDRESS);
    expect(count(statuses, 429)).toBe(1);
    expect(last.status).toBe(429);
    const seconds = Number(last.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(last.body).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    });
    expect((await new GatewayClient().get('/api/config')).status).toBe(200);
  });

  it('refuses a token past its limit whatever address it comes from', async () => {
    const student = await register(new GatewayClient());
    const { statuses } = await burst(PER_TOKEN + 1, () =>
      new GatewayClient().get('/api/auth/me', student.token),
    );
    expect(count(statuses, 200)).toBe(PER_TOKEN);
    expect(count(statuses, 429)).toBe(1);
  });
});

describe('the gateway rate limits across gateway processes', () => {
  // A second gateway process of the same build beside the stack's, on the stack's Redis, as a
  // second replica behind a load balancer would be.
  let second: ListeningProgram | undefined;
  let secondUrl = '';
  beforeAll(async () => {
    second = await startListening(['node', ...NODE_FLAGS, 'gateway/dist/main.js'], (port) => ({
      PATH: process.env.PATH,
      ...gatewayEnv(systemEnv.profile, systemEnv.runnerEnv()),
      PORT: String(port),
    }));
    secondUrl = second.url;
  });
  afterAll(() => second?.stop());

  /** One client (one address) whose requests alternate between the two gateways. */
  const spread = () => {
    const first = new GatewayClient();
    return [first, new GatewayClient(secondUrl, first.sourceAddress)] as const;
  };
  /** Requests past the limit, so that twice the limit would show. */
  const EXTRA = 20;

  it('gives a client spread over two gateways its address limit once in all, not once per gateway', async () => {
    const gateways = spread();
    const { statuses } = await burst(PER_ADDRESS + EXTRA, (i) =>
      gateways[i % 2]!.get('/api/config'),
    );
    expect({ ok: count(statuses, 200), refused: count(statuses, 429) }).toEqual({
      ok: PER_ADDRESS,
      refused: EXTRA,
    });
    // Both gateways refuse it now, whichever it asks.
    for (const gateway of gateways) expect((await gateway.get('/api/config')).status).toBe(429);
  });

  it('gives a token used through two gateways its limit once in all', async () => {
    const student = await register(new GatewayClient());
    const gateways = [systemEnv.baseUrl, secondUrl];
    const { statuses } = await burst(PER_TOKEN + EXTRA, (i) =>
      new GatewayClient(gateways[i % 2]).get('/api/auth/me', student.token),
    );
    expect({ ok: count(statuses, 200), refused: count(statuses, 429) }).toEqual({
      ok: PER_TOKEN,
      refused: EXTRA,
    });
  });
});
