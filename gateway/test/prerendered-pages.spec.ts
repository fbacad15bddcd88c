import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GatewayHarness } from './support/gateway-harness';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const page = (text: string) =>
  `<!doctype html><html><body><div id="root" data-prerendered><h1>${text}</h1></div></body></html>`;
const LANDING = page('Track your MCAT practice');
const GUIDE = page('Study Guide');

/** The pages the web app's build prerenders (frontend/vite-plugins/prerender.ts), as served. */
describe('gateway: the pages the build prerendered', () => {
  let gateway: GatewayHarness;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'mcat-dist-'));
    mkdirSync(path.join(staticDir, 'pages'));
    writeFileSync(path.join(staticDir, 'index.html'), SHELL);
    writeFileSync(path.join(staticDir, 'pages', 'index.html'), LANDING);
    writeFileSync(path.join(staticDir, 'pages', 'guide.html'), GUIDE);
    gateway = await GatewayHarness.start({ STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([
    ['/', LANDING],
    ['/?newUser=true', LANDING],
    ['/guide', GUIDE],
    ['/guide/', GUIDE],
    ['/guide?from=mail', GUIDE],
  ])('answers GET %s with its prerendered page, revalidated on every visit', async (url, body) => {
    const response = await gateway.fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.text()).toBe(body);
  });

  it.each([
    ['/about', 'a public page without a prerendered file'],
    ['/dashboard', 'a signed-in page'],
    ['/index', 'the landing page under another name'],
    ['/Guide', 'a name in capitals'],
    ['/guide.html', 'a name with a dot'],
    ['/guide/extra', 'two segments'],
  ])('answers GET %s (%s) with the app shell', async (url) => {
    const response = await gateway.fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SHELL);
  });

  it.each([
    ['/%2e%2e%2findex', 'an encoded walk out of the folder'],
    ['/guide%00', 'a NUL byte'],
  ])('refuses GET %s (%s) with a 400 and no page', async (url) => {
    const response = await gateway.fetch(url);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('<div id="root"');
  });
});
