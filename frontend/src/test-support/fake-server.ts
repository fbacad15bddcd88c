/** Vitest helpers: a fake server behind `fetch` for the specs that keep state between requests. */
import { vi } from 'vitest';

/** A JSON answer, or an empty one without `body`. */
export const json = (status: number, body?: unknown) =>
  body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });

/**
 * Stubs `fetch` with `answer`, called with the request's "METHOD /path", its URL and the request;
 * what it leaves unanswered is 404, and GET /api/tests is an empty list unless it answers it.
 * Returns every request's URL, in order.
 */
export const fakeServer = (
  answer: (route: string, url: URL, request: Request) => Response | undefined,
): URL[] => {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      requests.push(url);
      const route = `${request.method} ${url.pathname}`;
      return (
        answer(route, url, request) ??
        (route === 'GET /api/tests'
          ? json(200, [])
          : json(404, { statusCode: 404, message: 'Not Found' }))
      );
    }),
  );
  return requests;
};
