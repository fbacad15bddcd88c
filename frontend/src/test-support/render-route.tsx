/** Vitest helpers: a page rendered with the real store and router, against a stubbed server. */
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createAppStore, type AppStore } from '../app/store';

export interface ServerAnswer {
  status: number;
  /** A JSON body, or none. */
  body?: unknown;
}

/**
 * Stubs `fetch` with the server's answers by "METHOD /path"; anything else answers 404 with the
 * usual `{statusCode, message}`. Returns the stub to inspect the calls.
 */
export const serverAnswers = (answers: Record<string, ServerAnswer>) => {
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const answer = answers[`${request.method} ${new URL(request.url).pathname}`] ?? {
      status: 404,
      body: { statusCode: 404, message: 'Not Found' },
    };
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        });
  });
  vi.stubGlobal('fetch', stub);
  return stub;
};

/** Renders `element` as the route `pattern`, opened at `path`, with a fresh store. */
export const renderRoute = (
  element: ReactElement,
  { pattern, path }: { pattern: string; path: string },
): AppStore => {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
};
