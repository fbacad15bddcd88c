import { cleanup, render, screen } from '@testing-library/react';
import type { ChartData } from 'chart.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECTION_KEYS } from '@mcat/contracts';
import { SAMPLE_TESTS } from '../utils/sample-tests';
import { ScoreCharts } from './score-charts';
import { ScoreLineChart } from './score-line-chart';

const drawn: ChartData<'line'>[] = [];

// The canvas itself is not what these tests look at: the data handed to chart.js is.
vi.mock('react-chartjs-2', () => ({
  Line: ({ data }: { data: ChartData<'line'> }) => {
    drawn.push(data);
    return null;
  },
}));

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

const lastDrawn = (): ChartData<'line'> => drawn[drawn.length - 1] as ChartData<'line'>;

/** The sample tests on `chart`, every section visible, with the target score `targetScore`. */
const renderChart = (chart: 'total' | 'sections', targetScore?: number) =>
  render(
    <ScoreLineChart
      chart={chart}
      tests={SAMPLE_TESTS}
      visible={SECTION_KEYS}
      animationMs={0}
      ariaLabel="chart"
      targetScore={targetScore}
    />,
  );

describe('the target score on the total chart', () => {
  it('is a flat dataset with its own legend entry, one value per test', () => {
    renderChart('total', 511);
    const [total, target] = lastDrawn().datasets;
    expect(total?.label).toBe('Total Score');
    expect(target?.label).toBe('Target Score (511)');
    expect(target?.data).toEqual(SAMPLE_TESTS.map(() => 511));
  });

  it('is left out without a target, and never drawn on the section chart', () => {
    renderChart('total');
    expect(lastDrawn().datasets.map((d) => d.label)).toEqual(['Total Score']);
    cleanup();
    renderChart('sections', 511);
    expect(lastDrawn().datasets.some((d) => String(d.label).startsWith('Target'))).toBe(false);
  });

  it('is named in the caption of the total chart', () => {
    render(<ScoreCharts tests={SAMPLE_TESTS} targetScore={511} />);
    expect(screen.getByText(/The dashed line is your target score of 511\./)).toBeTruthy();
  });
});
