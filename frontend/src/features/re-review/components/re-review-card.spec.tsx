import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, serverAnswers } from '../../../test-support/render-route';
import { ReReviewCard } from './re-review-card';

const show = (answer: { status: number; body: unknown }) => {
  serverAnswers({ 'GET /api/questions/review/due/count': answer });
  renderRoute(<ReReviewCard />, { pattern: '/dashboard', path: '/dashboard' });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard re-review card', () => {
  it('counts the questions due and links to the screen', async () => {
    show({ status: 200, body: { due: 3 } });
    const card = await screen.findByText(/missed questions are due for re-review/);
    expect(card.textContent).toBe('3 missed questions are due for re-review.');
    expect(screen.getByRole('link', { name: 'Start re-review' }).getAttribute('href')).toBe(
      '/re-review',
    );
  });

  it('says when nothing is due', async () => {
    show({ status: 200, body: { due: 0 } });
    expect(await screen.findByText(/Nothing is due for re-review now/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open re-review' })).toBeTruthy();
  });

  it("shows the server's message when the count cannot be had", async () => {
    show({ status: 502, body: { statusCode: 502, message: 'Questions are out of reach' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Questions are out of reach');
  });
});
