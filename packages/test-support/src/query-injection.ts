/**
 * The services' robustness check on query strings: an operator, an array or a repeated parameter
 * is refused with 400 VALIDATION on every route before its handler runs.
 */
import { REQUEST_MESSAGES } from '@mcat/contracts';

/** A route: method, path and, for a write, its JSON body. */
export type RouteCall = [method: string, path: string, body?: unknown];

/** Expects each of `queries` on each of `routes`, sent through `call`, to be refused. */
export async function expectQueryInjectionRefused(
  call: (method: string, path: string, body: unknown) => Promise<unknown>,
  routes: readonly RouteCall[],
  queries: readonly string[],
): Promise<void> {
  for (const query of queries) {
    for (const [method, path, body] of routes) {
      const answer = await call(method, `${path}?${query}`, body);
      expect({ method, path, query, answer }).toEqual({
        method,
        path,
        query,
        answer: {
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION',
            message: REQUEST_MESSAGES.structuredQuery,
          },
        },
      });
    }
  }
}
