/**
 * Response compression through the gateway (docs/gateway.md, "Compression") against a caller who
 * writes Accept-Encoding by hand: whatever the header holds (odd or out-of-range q values, codings
 * nobody knows, a header of kilobytes), the answer is the list itself, sent in a coding the header
 * admits or in none, never an error of the server's, and the gateway keeps serving.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();

const decode = (response: GatewayResponse<unknown>): string => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.raw).toString('utf8');
  if (encoding === undefined) return response.raw.toString('utf8');
  throw new Error(`unexpected content-encoding ${encoding}`);
};

describe('Accept-Encoding written by hand, through the gateway', () => {
  let token: string;
  let plainList: string;

  beforeAll(async () => {
    ({ token } = await register(gateway));
    const test = await createTest(gateway, token, TEST_SAMPLES[0]!);
    for (let number = 1; number <= 4; number += 1) {
      const created = await gateway.post(
        '/api/questions',
        questionBody(test._id, { questionNumber: number, improvementPlan: 'Plan. '.repeat(80) }),
        token,
      );
      expect(created.status).toBe(201);
    }
    const plain = await gateway.request('GET', '/api/questions', {
      token,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    plainList = plain.raw.toString('utf8');
    expect(plainList.length).toBeGreaterThan(2048);
  });

  it.each([
    ['br;q=0, gzip;q=1', 'gzip'],
    ['gzip;q=0.001, br;q=0.002', 'br'],
    ['gzip;q=0, br;q=0', 'no coding'],
    ['zstd, compress, x-unheard-of', 'no coding'],
  ])('%s is answered in %s', async (acceptEncoding, expected) => {
    const response = await gateway.request('GET', '/api/questions', {
      token,
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding'] ?? 'no coding').toBe(expected);
    expect(decode(response)).toBe(plainList);
  });

  it.each([
    ['odd q values', 'gzip;q=abc, br;q=1.5, deflate;q=-1'],
    ['a q given twice', 'gzip;q=0.5;q=0.9, br;q=0.1'],
    ['refusing everything', '*;q=0'],
    ['refusing only identity', 'identity;q=0'],
    ['empty parameters', ';;;, , ,;q=, =,'],
    ['a header of 8 KiB', `${'x-junk, '.repeat(1000)}gzip`],
    ['capitals and spaces', '  GZIP ;  Q=1 ,  BR ; q = 0.5 '],
  ])('%s gets the list in a coding it can read, or a plain 406', async (_name, acceptEncoding) => {
    const response = await gateway.request('GET', '/api/questions', {
      token,
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect([200, 406]).toContain(response.status);
    if (response.status === 200) expect(decode(response)).toBe(plainList);
    const health = await gateway.request('GET', '/api/health');
    expect(health.status).toBe(200);
  });
});
