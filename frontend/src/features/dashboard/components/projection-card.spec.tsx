import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECTION_MESSAGES, projectionNeedsTests } from '@mcat/contracts';
import { renderRoute, serverAnswers, type ServerAnswer } from '../../../test-support/render-route';
import { formatProjectionDate } from '../utils/projection-text';
import { ProjectionCard } from './projection-card';

const show = (
  answer: ServerAnswer,
  props: { plannedTestingDate: string | null; targetScore: number | null } = {
    plannedTestingDate: '2026-05-12',
    targetScore: 511,
  },
) => {
  const stub = serverAnswers({ 'GET /api/tests/projection': answer });
  renderRoute(<ProjectionCard {...props} />, { pattern: '/dashboard', path: '/dashboard' });
  return stub;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the score projection card', () => {
  it('shows the projection with its range, the gap to the target and the method', async () => {
    show({ status: 200, body: { predictedScore: 507, low: 503, high: 511, atDate: '2026-05-12' } });
    expect(
      await screen.findByText(`Projected 507 (503–511) on ${formatProjectionDate('2026-05-12')}`),
    ).toBeTruthy();
    expect(screen.getByText('4 points below your target of 511')).toBeTruthy();
    expect(screen.getByText(`How it is made: ${PROJECTION_MESSAGES.method}`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Score Projection' })).toBeTruthy();
  });

  it('says "at or above" when the projection reaches the target, and invites one without it', async () => {
    show({ status: 200, body: { predictedScore: 515, low: 510, high: 520, atDate: '2026-05-12' } });
    expect(await screen.findByText('At or above your target of 511')).toBeTruthy();
    cleanup();
    show(
      { status: 200, body: { predictedScore: 515, low: 510, high: 520, atDate: '2026-05-12' } },
      { plannedTestingDate: '2026-05-12', targetScore: null },
    );
    expect(await screen.findByText(PROJECTION_MESSAGES.noTarget)).toBeTruthy();
  });

  it("shows the server's message under three tests, with a way to add one", async () => {
    show({
      status: 422,
      body: { statusCode: 422, code: 'PROJECTION_NEEDS_TESTS', message: projectionNeedsTests(1) },
    });
    expect(
      await screen.findByText(
        'A projection needs at least 3 practice tests. Log 2 more to see one.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add New Test' }).getAttribute('href')).toBe(
      '/tests/new',
    );
  });

  it('without a planned date points to the profile and asks the server nothing', () => {
    const stub = show({ status: 500 }, { plannedTestingDate: null, targetScore: 511 });
    expect(screen.getByText(PROJECTION_MESSAGES.needsDate)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(stub).not.toHaveBeenCalled();
  });

  it('shows a spinner while loading, then an error without a server message', async () => {
    show({ status: 500 });
    expect(screen.getByRole('status').textContent).toContain('Loading your projection...');
    expect((await screen.findByRole('alert')).textContent).toBe(PROJECTION_MESSAGES.loadFailed);
  });
});
