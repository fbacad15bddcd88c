import { describe, expect, it } from 'vitest';
import { SECTION_KEYS } from '@mcat/contracts';
import {
  highestSection,
  pointLabel,
  sectionScoreSeries,
  totalScoreSeries,
  UNNAMED_TEST,
  type ChartTest,
} from './chart-data';
import { SAMPLE_TESTS } from './sample-tests';

const test = (
  id: string,
  date: string,
  source: string,
  [chemPhys, cars, bio, psychSoc]: [number, number, number, number],
): ChartTest => ({
  _id: id,
  dateTaken: `${date}T00:00:00.000Z`,
  source,
  subscores: { chemPhys, cars, bio, psychSoc },
  totalScore: chemPhys + cars + bio + psychSoc,
});

const tests: ChartTest[] = [
  test('c', '2025-03-01', 'Princeton Review FL 2', [127, 126, 128, 125]),
  test('a', '2025-01-01', 'AAMC FL 1', [124, 125, 123, 126]),
  test('b', '2025-02-01', '', [126, 124, 129, 127]),
];

describe('chart data', () => {
  it('orders points by the date taken', () => {
    const { scores } = totalScoreSeries(tests, false);
    expect(scores).toEqual([498, 506, 506]);
    const series = sectionScoreSeries(tests, SECTION_KEYS, false);
    expect(series.sections.find((s) => s.key === 'bio')?.scores).toEqual([123, 129, 128]);
  });

  it('labels each total-score point with its source, "Unnamed Test" when empty', () => {
    expect(totalScoreSeries(tests, false).labels).toEqual([
      'AAMC FL 1',
      UNNAMED_TEST,
      'Princeton Review FL 2',
    ]);
  });

  it('labels a section point only at the highest section of its test', () => {
    const { sections } = sectionScoreSeries(tests, SECTION_KEYS, false);
    const labelsOf = (key: string) => sections.find((s) => s.key === key)?.labels;
    expect(labelsOf('psychSoc')).toEqual(['AAMC FL 1', null, null]);
    expect(labelsOf('bio')).toEqual([null, UNNAMED_TEST, 'Princeton Review FL 2']);
    expect(labelsOf('chemPhys')).toEqual([null, null, null]);
    expect(labelsOf('cars')).toEqual([null, null, null]);
  });

  it('takes the highest among the sections shown, the first in order on a tie', () => {
    const subscores = { chemPhys: 130, cars: 125, bio: 130, psychSoc: 128 };
    expect(highestSection(subscores, SECTION_KEYS)).toBe('chemPhys');
    expect(highestSection(subscores, ['cars', 'psychSoc'])).toBe('psychSoc');
    expect(highestSection(subscores, [])).toBeNull();
    const { sections } = sectionScoreSeries(tests, ['chemPhys', 'cars'], false);
    expect(sections.map((s) => s.key)).toEqual(['chemPhys', 'cars']);
    expect(sections[1].labels).toEqual(['AAMC FL 1', null, null]);
  });

  it('on a narrow screen labels only the first and last points, long sources cut to 8 and "…"', () => {
    expect(totalScoreSeries(tests, true).labels).toEqual(['AAMC FL 1', null, 'Princeto…']);
    expect(pointLabel('Blueprint FL 1', true)).toBe('Blueprin…');
    expect(pointLabel('AAMC FL 10', true)).toBe('AAMC FL 10');
    expect(pointLabel('', true)).toBe('Unnamed …');
    expect(pointLabel('Blueprint FL 1', false)).toBe('Blueprint FL 1');
  });

  it('has five landing samples from 2024-12 to 2025-03 with totals 498 to 518', () => {
    const { scores } = totalScoreSeries(SAMPLE_TESTS, false);
    expect(scores).toHaveLength(5);
    expect(scores[0]).toBe(498);
    expect(scores[4]).toBe(518);
    const dates = SAMPLE_TESTS.map((t) => t.dateTaken.slice(0, 7)).sort();
    expect(dates[0]).toBe('2024-12');
    expect(dates[4]).toBe('2025-03');
    for (const sample of SAMPLE_TESTS) {
      const { chemPhys, cars, bio, psychSoc } = sample.subscores;
      expect(chemPhys + cars + bio + psychSoc).toBe(sample.totalScore);
    }
  });
});
