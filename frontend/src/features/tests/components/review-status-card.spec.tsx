import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Test } from '@mcat/contracts';
import { ReviewStatusCard } from './review-status-card';

const testWith = (review: Test['review']): Test => ({
  _id: '65a1b2c3d4e5f6a7b8c9d0e1',
  userId: '65a1b2c3d4e5f6a7b8c9d0e2',
  dateTaken: '2025-01-15T00:00:00.000Z',
  source: 'AAMC FL 1',
  subscores: { chemPhys: 126, cars: 125, bio: 127, psychSoc: 128 },
  totalScore: 506,
  createdAt: '2025-01-16T10:00:00.000Z',
  review,
});

const renderCard = (review: Test['review']) =>
  render(
    <MemoryRouter>
      <ReviewStatusCard
        test={testWith(review)}
        busy={false}
        error={null}
        onMarkComplete={vi.fn()}
        onReopen={vi.fn()}
      />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('the review status card', () => {
  it('shows the real progress of a review marked complete after one section, with only Reopen Review', () => {
    renderCard({
      isComplete: true,
      sectionsReviewed: { chemPhys: true, cars: false, bio: false, psychSoc: false },
    });
    expect(
      screen.getByRole('progressbar', { name: 'Review progress' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(screen.getByTestId('review-progress-label').textContent).toBe('25%');
    expect(screen.getByRole('button', { name: 'Reopen Review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Review$/ })).toBeNull();
  });

  it('shows 100% once all four sections are reviewed', () => {
    renderCard({
      isComplete: true,
      sectionsReviewed: { chemPhys: true, cars: true, bio: true, psychSoc: true },
    });
    expect(screen.getByTestId('review-progress-label').textContent).toBe('100%');
  });

  it('shows no label and no progress for a review marked complete with no section reviewed', () => {
    renderCard({
      isComplete: true,
      sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
    });
    expect(
      screen.getByRole('progressbar', { name: 'Review progress' }).getAttribute('aria-valuenow'),
    ).toBe('0');
    expect(screen.queryByTestId('review-progress-label')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reopen Review' })).toBeTruthy();
  });
});
