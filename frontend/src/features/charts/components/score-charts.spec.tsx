import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationProvider } from '../../../lib/use-hydrated';
import { SAMPLE_TESTS } from '../utils/sample-tests';
import { ScoreCharts } from './score-charts';

// The canvases are not what these tests look at.
vi.mock('./lazy-score-line-chart', () => ({ LazyScoreLineChart: () => null }));

afterEach(cleanup);

describe('the section toggles of the score charts', () => {
  it('are disabled in the HTML the build prerenders, so a click before the app runs is not lost', () => {
    const html = renderToString(
      <HydrationProvider hydrating>
        <ScoreCharts tests={SAMPLE_TESTS} />
      </HydrationProvider>,
    );
    const boxes = html.match(/<input[^>]*type="checkbox"[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(4);
    for (const box of boxes) expect(box).toContain('disabled');
  });

  it('work once React runs the page: unchecking CARS hides it, checking shows it again', () => {
    render(<ScoreCharts tests={SAMPLE_TESTS} />);
    const cars = screen.getByRole('checkbox', { name: 'CARS' }) as HTMLInputElement;
    expect(cars.disabled).toBe(false);
    expect(cars.checked).toBe(true);
    cars.click();
    expect(cars.checked).toBe(false);
    cars.click();
    expect(cars.checked).toBe(true);
  });
});
