import type { FastifyInstance } from 'fastify';
import { methodsAt, REQUEST_MESSAGES } from '@mcat/contracts';
import { errorBody } from '@mcat/service-kit/core';

/**
 * Answers 405 with `Allow` to a method the route table does not describe at a path it does
 * (`PUT /api/tests`, `DELETE /api/auth/login`), before the token check or any forwarding: the
 * methods a path takes are public (/api/docs), and the answer is the same signed in or not. HEAD
 * goes where GET does; OPTIONS is the CORS preflight's. Paths the table does not describe are left
 * to the routes (404).
 */
export function refuseUndescribedMethods(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const methods = request.method === 'OPTIONS' ? [] : methodsAt(request.url.split('?')[0] ?? '');
    const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    if (allowed.length === 0 || allowed.includes(request.method)) {
      done();
      return;
    }
    void reply
      .header('allow', allowed.join(', '))
      .status(405)
      .send(errorBody(405, REQUEST_MESSAGES.methodNotAllowed, 'METHOD_NOT_ALLOWED'));
  });
}
