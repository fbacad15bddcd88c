import type { ReactElement } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, serverAnswers, type ServerAnswer } from '../../test-support/render-route';
import { ReviewRoute } from './review-route';
import { EditTestRoute } from './test-form-routes';

const TEST_ID = '65a1b2c3d4e5f6a7b8c9d0e1';

const PAGES: [name: string, element: ReactElement, pattern: string, path: string][] = [
  ['the edit page', <EditTestRoute />, '/tests/:id/edit', `/tests/${TEST_ID}/edit`],
  ['the review page', <ReviewRoute />, '/tests/:id/review', `/tests/${TEST_ID}/review`],
];

const openWithTestAnswer = (page: (typeof PAGES)[number], answer: ServerAnswer) => {
  const [, element, pattern, path] = page;
  serverAnswers({ [`GET /api/tests/${TEST_ID}`]: answer });
  renderRoute(element, { pattern, path });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(PAGES)('%s of a test that cannot be loaded', (...page) => {
  it('says "Test Not Found" when the server answers 404', async () => {
    openWithTestAnswer(page, { status: 404, body: { statusCode: 404, message: 'Test not found' } });
    expect(await screen.findByRole('heading', { name: 'Test Not Found' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "Failed to fetch test" for a server error without a message', async () => {
    openWithTestAnswer(page, { status: 500 });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch test');
    expect(screen.queryByRole('heading', { name: 'Test Not Found' })).toBeNull();
  });

  it("shows the server's message for an error that has one", async () => {
    openWithTestAnswer(page, {
      status: 502,
      body: {
        statusCode: 502,
        message: 'The tests service is unavailable. Please try again shortly.',
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The tests service is unavailable. Please try again shortly.',
    );
    expect(screen.queryByRole('heading', { name: 'Test Not Found' })).toBeNull();
  });
});
