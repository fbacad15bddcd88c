import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_FILE_NAME,
  ANKI_EXPORT_ID_HEADER,
  ANKI_PACKAGE_TYPE,
} from '@mcat/contracts';
import { GatewayHarness } from './support/gateway-harness';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The Anki deck export through the proxy (docs/adr/0023-anki-export.md). */
describe('gateway: the Anki deck download', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  it('passes the package through byte for byte, uncompressed, with its headers', async () => {
    // A zip's bytes (PK…) that would shrink if compressed, so a re-encoding would show.
    const apkg = Buffer.concat([
      Buffer.from('PK\x03\x04'),
      Buffer.alloc(256 * 1024, 7),
      randomBytes(1024),
    ]);
    const exportId = '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11';
    gateway.services.questions.handlers.set('/api/questions/export/anki', (_incoming, response) => {
      response.writeHead(200, {
        'content-type': ANKI_PACKAGE_TYPE,
        'content-disposition': `attachment; filename="${ANKI_EXPORT_FILE_NAME}"`,
        'content-length': String(apkg.length),
        [ANKI_EXPORT_ID_HEADER]: exportId,
        [ANKI_EXPORT_COUNT_HEADER]: '1300',
      });
      response.end(apkg);
    });

    const response = await request(`${gateway.url}/api/questions/export/anki?section=x`, {
      headers: { authorization: gateway.bearer, 'accept-encoding': 'br, gzip' },
    });
    const body = Buffer.from(await response.body.arrayBuffer());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe(ANKI_PACKAGE_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${ANKI_EXPORT_FILE_NAME}"`,
    );
    expect(response.headers[ANKI_EXPORT_ID_HEADER]).toBe(exportId);
    expect(response.headers[ANKI_EXPORT_COUNT_HEADER]).toBe('1300');
    expect(body.length).toBe(apkg.length);
    expect(sha256(body)).toBe(sha256(apkg));
  });

  it('needs a token, and forwards the marking to the questions service', async () => {
    const anonymous = await gateway.fetch('/api/questions/export/anki');
    expect(anonymous.status).toBe(401);
    const marked = await gateway.fetch('/api/questions/export/anki/mark', {
      method: 'POST',
      headers: { authorization: gateway.bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ exportId: '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11' }),
    });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({
      service: 'questions',
      method: 'POST',
      url: '/api/questions/export/anki/mark',
    });
  });
});
