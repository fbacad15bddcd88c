/**
 * Issue 13: the gateway's own limits, per client address and per bearer token, with the product's
 * default figures (the test profile exempts only 127.0.0.1, the browser suite's address).
 */
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';

/** The gateway's defaults (README: RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_TOKEN). */
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
