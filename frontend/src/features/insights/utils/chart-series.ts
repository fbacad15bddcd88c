import type { Insights, InsightsMistakeType } from '@mcat/contracts';
import { formatTestDate } from '../../../lib/dates';

export interface MistakeTypeSeries {
  type: InsightsMistakeType;
  /** Per test, in the order of `labels`. */
  counts: number[];
}

export interface OverTimeSeries {
  /** One per test, oldest first: "AAMC FL 2 (Mar 1, 2025)". */
  labels: string[];
  /** The tests' sources alone, for narrow screens: "AAMC FL 2". */
  sources: string[];
  /** One per mistake type the questions have, most common first. */
  series: MistakeTypeSeries[];
}

export const testLabel = (test: { source: string; dateTaken: string }): string =>
  `${test.source} (${formatTestDate(test.dateTaken)})`;

/** The stacked bars of mistake types per test, and their table. */
export function overTimeSeries(insights: Insights): OverTimeSeries {
  return {
    labels: insights.overTime.map(testLabel),
    sources: insights.overTime.map((test) => test.source),
    series: insights.byMistakeType.map(({ mistakeType }) => ({
      type: mistakeType,
      counts: insights.overTime.map((test) => test.counts[mistakeType] ?? 0),
    })),
  };
}

/** How strongly a cell of `count` is shaded, from 0 (none) to 1 (the table's largest count). */
export const shadeOf = (count: number, max: number): number =>
  count <= 0 || max <= 0 ? 0 : count / max;
