import { request } from 'node:http';
import { randomObjectId } from '@mcat/service-kit/testing';
import { GatewayHarness } from './support/gateway-harness';

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** A GET from a chosen loopback address, so that each call can be a different client. */
function getFrom(base: string, path: string, from: string, authorization?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    request(
      {
        hostname,
        port,
        path,
        localAddress: from,
        headers: authorization ? { authorization } : {},
        agent: false,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body,
          }),
        );
      },
    )
      .on('error', reject)
      .end();
  });
}

async function times(count: number, call: (index: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await call(i));
  return answers;
}

describe('the gateway rate limits', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start({
      RATE_LIMIT_PER_ADDRESS: '5',
      RATE_LIMIT_PER_TOKEN: '3',
      RATE_LIMIT_EXEMPT_IPS: '127.0.9.9',
    });
  });
  afterAll(() => gateway.close());

  it('answers 429 with Retry-After to an address over its limit, without forwarding it', async () => {
    const before = gateway.services.tests.seen.length;
    const answers = await times(6, () => getFrom(gateway.url, '/api/tests', '127.0.1.1'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
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
    expect((await getFrom(gateway.url, '/api/tests', '127.0.1.2', gateway.bearer)).status).toBe(
      200,
    );
  });

  it('limits one token used from many addresses', async () => {
    const bearer = gateway.issuer.bearer({ sub: randomObjectId() });
    const answers = await times(4, (i) =>
      getFrom(gateway.url, '/api/tests', `127.0.2.${i + 1}`, bearer),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
  });

  it('does not count an exempt address', async () => {
    const answers = await times(8, () => getFrom(gateway.url, '/api/tests', '127.0.9.9'));
    expect(answers.every((a) => a.status === 401)).toBe(true);
  });

  it('does not count the web app outside /api', async () => {
    const answers = await times(8, () => getFrom(gateway.url, '/dashboard', '127.0.3.1'));
    expect(answers.some((a) => a.status === 429)).toBe(false);
  });
});
