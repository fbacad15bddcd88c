import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartTest } from '../utils/chart-data';
import { TotalScoreTable } from './total-score-table';

const test = (id: string, date: string, source: string, totalScore: number): ChartTest => ({
  _id: id,
  dateTaken: `${date}T00:00:00.000Z`,
  source,
  totalScore,
  subscores: { chemPhys: 125, cars: 125, bio: 125, psychSoc: totalScore - 375 },
});

const TESTS = [
  test('b', '2026-02-01', 'AAMC FL 2', 514),
  test('a', '2026-01-01', 'AAMC FL 1', 505),
];

afterEach(cleanup);

describe('the total score table', () => {
  it('opens on demand and lists each test oldest first, with its difference from the target', () => {
    render(<TotalScoreTable tests={TESTS} targetScore={511} />);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    expect(within(table).getByText(/your target score is 511/)).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('vs. Target Score (511)');
    expect(rows[1]?.textContent).toContain('AAMC FL 1');
    expect(rows[1]?.textContent).toContain('−6');
    expect(rows[2]?.textContent).toContain('+3');
    fireEvent.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('has no target column without a target', () => {
    render(<TotalScoreTable tests={TESTS} targetScore={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByText(/Target/)).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
