/**
 * The two pages the web app bench (frontend.bench.ts) loads next to the landing page and the
 * dashboard, under the same profiles, served from loopback by Vite's preview server (gzip, where
 * the gateway sends Brotli), so their Largest Contentful Paint can be read against what this
 * machine's Chromium needs anyway:
 *  - a static page holding only the dashboard's heading: the browser's own floor (a new tab, the
 *    document, one paint);
 *  - frontend/bench/floor-page, built here with Vite: React and MUI rendering an app bar and the
 *    heading, no router, store, data or page chunk: the floor of the stack the web app is built on.
 * The static page has the web app's viewport meta, so a phone-sized load lays it out alike.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@mcat/runner/ports';

const FLOOR_PAGE_SOURCE = path.join(REPO_ROOT, 'frontend', 'bench', 'floor-page');

const STATIC_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>LCP floor: a static page</title>
  </head>
  <body><main><h1>Welcome, Bench Student!</h1></main></body>
</html>`;

export interface FloorPages {
  staticPageUrl: string;
  stackPageUrl: string;
  close(): Promise<void>;
}

/** Builds the floor page and the static page into a folder of their own, served by Vite's preview. */
export async function startFloorPages(): Promise<FloorPages> {
  const { build, preview } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const outDir = await mkdtemp(path.join(tmpdir(), 'mcat-lcp-floor-'));
  const config = {
    root: FLOOR_PAGE_SOURCE,
    configFile: false as const,
    logLevel: 'warn' as const,
    build: { outDir, emptyOutDir: true },
    preview: { host: '127.0.0.1', port: 0 },
  };
  try {
    await build({ ...config, plugins: [react()] });
    await writeFile(path.join(outDir, 'static.html'), STATIC_PAGE);
    const server = await preview(config);
    const origin = server.resolvedUrls?.local[0];
    if (!origin) throw new Error('the preview server has no local address');
    return {
      staticPageUrl: new URL('static.html', origin).href,
      stackPageUrl: origin,
      close: async () => {
        await server.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}
