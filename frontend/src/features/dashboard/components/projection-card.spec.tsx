import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROJECTION_MESSAGES, projectionNeedsTests } from '@mcat/contracts';
import { renderRoute, serverAnswers, type ServerAnswer } from '../../../test-support/render-route';
import { CATCH_UP_DELAYS_MS } from '../api/projection-api';
import { formatProjectionDate } from '../utils/projection-text';
import { ProjectionCard } from './projection-card';

interface CardProps {
  plannedTestingDate: string | null;
  targetScore: number | null;
  isPremium: boolean;
  testCount: number | null | undefined;
}

const show = (answer: ServerAnswer, props: Partial<CardProps> = {}) => {
  const stub = serverAnswers({ 'GET /api/tests/projection': answer });
  renderRoute(
    <ProjectionCard
      plannedTestingDate="2026-05-12"
      targetScore={511}
      isPremium
      testCount={null}
      {...props}
    />,
    { pattern: '/dashboard', path: '/dashboard' },
  );
  return stub;
};

const needsTests = (testCount: number): ServerAnswer => ({
  status: 422,
  body: {
    statusCode: 422,
    code: 'PROJECTION_NEEDS_TESTS',
    message: projectionNeedsTests(testCount),
  },
});

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
      { targetScore: null },
    );
    expect(await screen.findByText(PROJECTION_MESSAGES.noTarget)).toBeTruthy();
  });

  it("shows the server's message under three tests, with a way to add one", async () => {
    show(needsTests(1));
    expect(
      await screen.findByText(
        'A projection needs at least 3 practice tests. Log 2 more to see one.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add New Test' }).getAttribute('href')).toBe(
      '/tests/new',
    );
    expect(screen.queryByText(PROJECTION_MESSAGES.freePlan)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
  });

  it('with the test list loaded and too short, says so without asking the server', () => {
    const stub = show(needsTests(1), { testCount: 1 });
    expect(screen.getByText(projectionNeedsTests(1))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add New Test' }).getAttribute('href')).toBe(
      '/tests/new',
    );
    expect(stub).not.toHaveBeenCalled();
  });

  it('waits for the test list before it asks the server', async () => {
    const stub = show(
      { status: 200, body: { predictedScore: 507, low: 503, high: 511, atDate: '2026-05-12' } },
      { testCount: undefined },
    );
    expect(screen.getByRole('status').textContent).toContain('Loading your projection...');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub).not.toHaveBeenCalled();
  });

  it('tells a free student their plan holds fewer tests than a projection needs', async () => {
    show(needsTests(1), { isPremium: false, testCount: 1 });
    expect(await screen.findByText(PROJECTION_MESSAGES.freePlan)).toBeTruthy();
    expect(PROJECTION_MESSAGES.freePlan).toBe(
      'The free plan holds 2 practice tests, and a projection needs 3. Upgrade to Premium to log up to 15 and see yours.',
    );
    expect(screen.getByRole('link', { name: 'Add New Test' }).getAttribute('href')).toBe(
      '/tests/new',
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/premium',
    );
  });

  it('does not send a free student at the plan limit to add a test the plan would refuse', async () => {
    show(needsTests(2), { isPremium: false, testCount: 2 });
    expect(await screen.findByText(PROJECTION_MESSAGES.freePlan)).toBeTruthy();
    expect(screen.getByText(projectionNeedsTests(2))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add New Test' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/premium',
    );
  });

  it('without a planned date points to the profile and asks the server nothing', () => {
    const stub = show({ status: 500 }, { plannedTestingDate: null });
    expect(screen.getByText(PROJECTION_MESSAGES.needsDate)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(stub).not.toHaveBeenCalled();
  });

  it('asks again while the server still projects for the date before the profile changed it', async () => {
    const projectionFor = (atDate: string): ServerAnswer => ({
      status: 200,
      body: { predictedScore: 507, low: 503, high: 511, atDate },
    });
    const answers = [
      {
        status: 422,
        body: {
          statusCode: 422,
          code: 'PROJECTION_NEEDS_DATE',
          message: PROJECTION_MESSAGES.needsDate,
        },
      },
      projectionFor('2026-04-01'),
      projectionFor('2026-05-12'),
    ];
    const stub = vi.fn(async () => {
      const answer = answers.shift() ?? projectionFor('2026-05-12');
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', stub);
    renderRoute(
      <ProjectionCard plannedTestingDate="2026-05-12" targetScore={511} isPremium testCount={3} />,
      { pattern: '/dashboard', path: '/dashboard' },
    );
    expect(
      await screen.findByText(
        `Projected 507 (503–511) on ${formatProjectionDate('2026-05-12')}`,
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(stub).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(PROJECTION_MESSAGES.needsDate)).toBeNull();
  });

  it('shows the answer for another date once the server has been asked for a while', async () => {
    const stub = show(
      { status: 200, body: { predictedScore: 507, low: 503, high: 511, atDate: '2026-04-01' } },
      { plannedTestingDate: '2026-05-12' },
    );
    expect(
      await screen.findByText(
        `Projected 507 (503–511) on ${formatProjectionDate('2026-04-01')}`,
        {},
        { timeout: 6000 },
      ),
    ).toBeTruthy();
    expect(stub).toHaveBeenCalledTimes(CATCH_UP_DELAYS_MS.length + 1);
  }, 10_000);

  it('shows a spinner while loading, then an error without a server message', async () => {
    show({ status: 500 });
    expect(screen.getByRole('status').textContent).toContain('Loading your projection...');
    expect((await screen.findByRole('alert')).textContent).toBe(PROJECTION_MESSAGES.loadFailed);
  });
});
