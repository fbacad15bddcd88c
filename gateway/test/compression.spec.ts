import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { GatewayHarness } from './support/gateway-harness';
import { json } from './support/fake-service';

/**
 * A web app build as `vite build` writes it (frontend/vite-plugins/precompress.ts): each file
 * with its .br and .gz copies.
 */
function writeBuild(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, gzipSync(text));
  }
}

const APP_JS = 'export const questions = ["biology", "chemistry", "physics"];\n'.repeat(400);
const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const questions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ _id: String(index), notes: 'Missed a step.' }));

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await request(url, { headers });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

describe('gateway compression', () => {
  let gateway: GatewayHarness;
  let root: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-web-build-'));
    writeBuild(root, { 'assets/app-4f2a9c.js': APP_JS, 'index.html': INDEX_HTML });
    gateway = await GatewayHarness.start({ STATIC_DIR: root });
  });

  afterAll(async () => {
    await gateway.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  describe("the web app's files", () => {
    const asset = () => `${gateway.url}/assets/app-4f2a9c.js`;

    it('are sent as the Brotli copy the build wrote when the browser accepts it, cached for good', async () => {
      const answer = await get(asset(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.length).toBe(fs.statSync(path.join(root, 'assets/app-4f2a9c.js.br')).size);
      expect(brotliDecompressSync(answer.body).toString()).toBe(APP_JS);
    });

    it('are sent gzipped to a browser without Brotli, and as they are to one asking for neither', async () => {
      const gzipped = await get(asset(), { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.body).toString()).toBe(APP_JS);
      const plain = await get(asset());
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(APP_JS);
    });

    it('give index.html an ETag to revalidate, answered 304 when unchanged', async () => {
      const first = await get(`${gateway.url}/questions`, { 'accept-encoding': 'br' });
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(first.body).toString()).toBe(INDEX_HTML);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await get(`${gateway.url}/questions`, {
        'accept-encoding': 'br',
        'if-none-match': etag,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });
  });

  describe("the services' answers", () => {
    /** GET /api/questions, which the questions service answers with `list`. */
    const listedThrough = (list: unknown[], acceptEncoding: string) => {
      gateway.services.questions.handlers.set('/api/questions', (_request, response) =>
        json(response, 200, list),
      );
      return get(`${gateway.url}/api/questions`, {
        authorization: gateway.bearer,
        'accept-encoding': acceptEncoding,
      });
    };

    it('are compressed with Brotli from 1 KiB of JSON, and decode to what the service sent', async () => {
      const list = questions(200);
      const answer = await listedThrough(list, 'gzip, br');
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      const decoded = brotliDecompressSync(answer.body);
      expect(JSON.parse(decoded.toString())).toEqual(list);
      expect(answer.body.length).toBeLessThan(decoded.length / 4);
    });

    it('under 1 KiB go as they are', async () => {
      const list = questions(2);
      const answer = await listedThrough(list, 'br');
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.body.toString())).toEqual(list);
    });

    it('as server-sent events are neither compressed nor held back', async () => {
      let finish: () => void = () => undefined;
      gateway.services.tests.handlers.set('/api/tests/events', (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(`data: ${'x'.repeat(4096)}\n\n`);
        finish = () => response.end();
      });
      const response = await request(`${gateway.url}/api/tests/events`, {
        headers: { authorization: gateway.bearer, 'accept-encoding': 'br, gzip' },
      });
      expect(response.headers['content-encoding']).toBeUndefined();
      const chunks: string[] = [];
      for await (const chunk of response.body) {
        chunks.push(Buffer.from(chunk as Buffer).toString());
        // The first event came while the service still held the stream open: a gateway that
        // buffered it would never get here, and the test would time out.
        if (chunks.length === 1) finish();
      }
      expect(chunks[0]).toMatch(/^data: x{4096}\n\n/);
    });
  });

  it('refuses a compressed request body with 415 at the edge: never inflated, never forwarded', async () => {
    const before = gateway.services.questions.seenAt('/api/questions').length;
    const inflated = Buffer.from(JSON.stringify({ notes: 'a'.repeat(1024 * 1024) }));
    const response = await request(`${gateway.url}/api/questions`, {
      method: 'POST',
      headers: {
        authorization: gateway.bearer,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body: gzipSync(inflated),
    });
    expect({ status: response.statusCode, body: await response.body.json() }).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: REQUEST_MESSAGES.unsupportedContentEncoding,
      },
    });
    expect(gateway.services.questions.seenAt('/api/questions')).toHaveLength(before);
  });
});
