/**
 * The two pages the web app bench measures next to the dashboard, served from loopback, so its
 * Largest Contentful Paint figure can be read against what this machine's Chromium needs anyway:
 *  - a static page holding only the dashboard's heading: the browser's own floor (a new tab, the
 *    document, one paint);
 *  - frontend/bench/floor-page, built here with Vite: React and MUI rendering an app bar and the
 *    heading, no router, store, data or page chunk: the floor of the stack the web app is built on.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../lib/ports';

const FLOOR_PAGE_SOURCE = path.join(REPO_ROOT, 'frontend', 'bench', 'floor-page');

const STATIC_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>LCP floor: a static page</title></head>
  <body><main><h1>Welcome, Bench Student!</h1></main></body>
</html>`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface FloorPages {
  staticPageUrl: string;
  stackPageUrl: string;
  close(): Promise<void>;
}

async function buildFloorPage(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: FLOOR_PAGE_SOURCE,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
}

function serve(outDir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://floor').pathname;
    if (pathname === '/static.html') {
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.html'] }).end(STATIC_PAGE);
      return;
    }
    const file = path.join(
      outDir,
      path.posix.normalize(pathname === '/' ? '/index.html' : pathname),
    );
    readFile(file).then(
      (body) => {
        const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
        response.writeHead(200, { 'content-type': type }).end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function startFloorPages(): Promise<FloorPages> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'mcat-lcp-floor-'));
  try {
    await buildFloorPage(outDir);
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  const server = await serve(outDir);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    staticPageUrl: `${origin}/static.html`,
    stackPageUrl: `${origin}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
