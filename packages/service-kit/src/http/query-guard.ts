import type { FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { errorBody } from './error-body';

/** A key that a query parser could read as an operator or a nested object: `x[$gt]`, `$where`. */
const OPERATOR_KEY = /[[\]]|^\$/;

/**
 * Whether a parsed query string holds only plain `name=value` texts. No route of the product takes
 * a repeated parameter (parsed as an array), a bracket key (`testId[$gt]=`) or a `$` key, so those
 * are operator injection attempts wherever they appear, whatever the route does with its query.
 */
export function isPlainQuery(query: unknown): boolean {
  if (query === undefined || query === null) return true;
  if (typeof query !== 'object') return false;
  return Object.entries(query).every(
    ([key, value]) => !OPERATOR_KEY.test(key) && typeof value === 'string',
  );
}

/** Answers 400 before routing to any request whose query string is not plain (see `isPlainQuery`). */
export function refuseStructuredQueries(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (isPlainQuery(request.query)) {
      done();
      return;
    }
    void reply.status(400).send(errorBody(400, REQUEST_MESSAGES.structuredQuery));
  });
}
