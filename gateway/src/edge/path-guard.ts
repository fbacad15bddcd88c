import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { errorBody } from '@mcat/service-kit/core';
import { normaliseRequestPath } from './request-path';

/** Requests whose path was refused, answered 400 by the hook below before anything else runs. */
const refusedRequests = new WeakSet<IncomingMessage>();

/**
 * Fastify's `rewriteUrl`: every request is routed, logged and forwarded under its normal form
 * (edge/request-path.ts). A refused path is routed as `/`, marked, and never reaches a handler.
 */
export function rewriteToNormalPath(request: IncomingMessage): string {
  const normal = normaliseRequestPath(request.url ?? '');
  if (normal.ok) return normal.url;
  refusedRequests.add(request);
  return '/';
}

/** Answers 400 to a request whose path `rewriteToNormalPath` refused. */
export function refuseAbnormalPaths(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!refusedRequests.has(request.raw)) {
      done();
      return;
    }
    void reply
      .header('connection', 'close')
      .status(400)
      .send(errorBody(400, REQUEST_MESSAGES.invalidPath));
  });
}
