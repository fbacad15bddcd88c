import type { FastifyInstance, FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * Replaces the JSON body parser (call after the Nest application's init, which registers one) with
 * one that keeps the exact bytes of JSON bodies sent to one route (the Stripe webhook, whose signature is
 * over the raw body). Every JSON body is still parsed by Fastify's own parser; other routes only
 * pay for one comparison of the route path, and their bytes are not kept.
 */
export function keepRawJsonBody(fastify: FastifyInstance, routeUrl: string): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: Buffer, done) => {
      if (request.routeOptions.url === routeUrl) rawBodies.set(request, body);
      parseJson(request, body.toString('utf8'), done);
    },
  );
}

/** The raw body `keepRawJsonBody` kept for this request, if any. */
export function rawBodyOf(request: FastifyRequest): Buffer | undefined {
  return rawBodies.get(request);
}
