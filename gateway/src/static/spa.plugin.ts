import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_MESSAGES } from '@mcat/contracts';

export interface SpaOptions {
  /** The built web app (frontend/dist). */
  root: string;
}

/** Vite's content-hashed bundles: a changed file gets a new name, so they never go stale. */
const HASHED_ASSETS = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
const ALWAYS_REVALIDATE = 'no-cache';

/** Where the build writes the pages it prerendered (frontend/vite-plugins/prerender.ts). */
const PRERENDERED = 'pages/';
/** A one-segment path such as `guide`; '' is `/`, whose page is `index`. */
const PAGE_NAME = /^[a-z0-9-]+$/;

/**
 * Serves the web app in the single-machine mode: its files; for a path the build prerendered
 * (`/`, `/guide`, ...), that page's HTML; and index.html for every other GET outside /api so the
 * client-side router handles the path. A missing hashed asset is a 404, never the page. Hashed
 * assets are cached for good; pages and index.html are revalidated on every visit (their ETag
 * answers a repeat visit with 304).
 */
export async function spaPlugin(fastify: FastifyInstance, { root }: SpaOptions): Promise<void> {
  // The build writes .br and .gz copies (frontend/vite-plugins/precompress.ts): the best one the
  // browser accepts is sent, with content-encoding and vary.
  await fastify.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });

  fastify.get('/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const relative = path.posix.normalize(`/${request.params['*']}`).slice(1);
    if (relative && (await isFile(path.join(root, relative)))) {
      return send(reply, relative, relative.startsWith(HASHED_ASSETS) ? IMMUTABLE : SHORT);
    }
    if (relative.startsWith(HASHED_ASSETS)) {
      throw new NotFoundException(REQUEST_MESSAGES.routeNotFound);
    }
    const page = prerenderedPage(relative);
    if (page && (await isFile(path.join(root, page)))) {
      return send(reply, page, ALWAYS_REVALIDATE);
    }
    return send(reply, 'index.html', ALWAYS_REVALIDATE);
  });
}

/** The file the build may have prerendered for a path: `pages/index.html` for `/`. */
function prerenderedPage(relative: string): string | undefined {
  const name = relative.replace(/\/$/, '');
  if (name === '') return `${PRERENDERED}index.html`;
  return PAGE_NAME.test(name) && name !== 'index' ? `${PRERENDERED}${name}.html` : undefined;
}

function send(reply: FastifyReply, file: string, cacheControl: string): FastifyReply {
  // @fastify/static picks the copy by accept-encoding without saying so to caches.
  return reply
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .sendFile(file);
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
