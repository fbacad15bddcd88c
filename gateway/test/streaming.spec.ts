import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { GatewayHarness } from './support/gateway-harness';
import { json } from './support/fake-service';

/** Resolves when `signal` is called; fails the test if that takes longer than `ms`. */
function deferred(ms: number, what: string) {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    setTimeout(() => fail(new Error(`timed out waiting until ${what}`)), ms).unref();
  });
  return { promise, signal: () => resolve() };
}

const MIB = 1024 * 1024;

describe('gateway streaming', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start({ BODY_LIMIT: String(64 * 1024) });
  });
  afterAll(() => gateway.close());

  it('streams a 3 MB multipart upload: the service reads it before the client has sent it all', async () => {
    const upstreamSawBytes = deferred(5000, 'the service received the first bytes');
    const received = createHash('sha256');
    let receivedBytes = 0;
    gateway.services.tests.handlers.set('/api/tests/import/excel', (incoming, response) => {
      incoming.on('data', (chunk: Buffer) => {
        received.update(chunk);
        receivedBytes += chunk.length;
        upstreamSawBytes.signal();
      });
      incoming.on('end', () =>
        json(response, 200, { bytes: receivedBytes, type: incoming.headers['content-type'] }),
      );
    });

    const boundary = '----mcat-upload-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tests.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    );
    const file = randomBytes(3 * MIB);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const whole = Buffer.concat([head, file, tail]);
    const sent = createHash('sha256').update(whole).digest('hex');

    async function* body() {
      yield whole.subarray(0, MIB);
      // The rest is only sent once the service has seen the first megabyte: a gateway that
      // buffered the body would wait for it forever and the test would time out.
      await upstreamSawBytes.promise;
      yield whole.subarray(MIB);
    }

    const response = await request(`${gateway.url}/api/tests/import/excel`, {
      method: 'POST',
      headers: {
        authorization: gateway.bearer,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(whole.length),
      },
      body: Readable.from(body()),
    });
    expect(response.statusCode).toBe(200);
    expect(await response.body.json()).toEqual({
      bytes: whole.length,
      type: `multipart/form-data; boundary=${boundary}`,
    });
    expect(received.digest('hex')).toBe(sent);
  });

  it('streams a large download: the client reads it before the service has written it all', async () => {
    const clientSawBytes = deferred(5000, 'the client received the first bytes');
    const chunk = randomBytes(MIB);
    const chunks = 24;
    gateway.services.tests.handlers.set('/api/tests/export/excel', (_incoming, response) => {
      response.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': 'attachment; filename="mcat-tests.xlsx"',
      });
      response.write(chunk);
      void clientSawBytes.promise.then(async () => {
        for (let i = 1; i < chunks; i += 1) {
          if (!response.write(chunk)) await new Promise((r) => response.once('drain', r));
        }
        response.end();
      });
    });

    const response = await request(`${gateway.url}/api/tests/export/excel`, {
      headers: { authorization: gateway.bearer },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="mcat-tests.xlsx"');
    let bytes = 0;
    for await (const part of response.body) {
      bytes += (part as Buffer).length;
      clientSawBytes.signal();
    }
    expect(bytes).toBe(chunks * MIB);
  });

  it('answers 413 to a body announced larger than the limit, without forwarding it', async () => {
    const before = gateway.services.auth.seen.length;
    const response = await gateway.fetch('/api/auth/me', {
      method: 'PUT',
      headers: { authorization: gateway.bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(100 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large',
    });
    expect(gateway.services.auth.seen.length).toBe(before);
  });

  it('stops a chunked body once it passes the limit', async () => {
    let upstreamBytes = 0;
    gateway.services.auth.handlers.set('/api/auth/me', (incoming, response) => {
      incoming.on('data', (part: Buffer) => (upstreamBytes += part.length));
      incoming.on('end', () => json(response, 200, { bytes: upstreamBytes }));
    });
    async function* body() {
      for (let i = 0; i < 16; i += 1) yield Buffer.alloc(16 * 1024, 'x');
    }
    const outcome = await request(`${gateway.url}/api/auth/me`, {
      method: 'PUT',
      headers: { authorization: gateway.bearer, 'content-type': 'application/json' },
      body: Readable.from(body()),
    }).then(
      (response) => response.statusCode,
      () => 'connection closed',
    );
    expect([413, 'connection closed']).toContain(outcome);
    expect(upstreamBytes).toBeLessThanOrEqual(64 * 1024 + 16 * 1024);
  });
});
