/**
 * Shapes tests into the two charts' series: ordered by dateTaken,
 * each point labelled with its source, in the section chart only at the highest section, and
 * on narrow screens only the first and last points with long sources shortened.
 */
import { SECTIONS, type SectionKey, type Test } from '@mcat/contracts';
import { formatTestDate } from '../../../lib/dates';

export type ChartTest = Pick<Test, '_id' | 'dateTaken' | 'source' | 'subscores' | 'totalScore'>;

export const UNNAMED_TEST = 'Unnamed Test';
const NARROW_SOURCE_MAX = 10;
const NARROW_SOURCE_KEPT = 8;

export const sortByDateTaken = <T extends Pick<Test, 'dateTaken'>>(tests: readonly T[]): T[] =>
  [...tests].sort((a, b) => Date.parse(a.dateTaken) - Date.parse(b.dateTaken));

export const pointLabel = (source: string, narrow: boolean): string => {
  const name = source.trim() === '' ? UNNAMED_TEST : source.trim();
  return narrow && name.length > NARROW_SOURCE_MAX ? `${name.slice(0, NARROW_SOURCE_KEPT)}…` : name;
};

export const isLabelledPoint = (index: number, count: number, narrow: boolean): boolean =>
  !narrow || index === 0 || index === count - 1;

/** The visible section with the highest score; ties go to the first in section order. */
export const highestSection = (
  subscores: Record<SectionKey, number>,
  visible: readonly SectionKey[],
): SectionKey | null =>
  SECTIONS.map((s) => s.key)
    .filter((key) => visible.includes(key))
    .reduce<SectionKey | null>(
      (best, key) => (best === null || subscores[key] > subscores[best] ? key : best),
      null,
    );

export interface TotalScoreSeries {
  dates: string[];
  scores: number[];
  labels: (string | null)[];
}

export const totalScoreSeries = (
  tests: readonly ChartTest[],
  narrow: boolean,
): TotalScoreSeries => {
  const ordered = sortByDateTaken(tests);
  return {
    dates: ordered.map((t) => formatTestDate(t.dateTaken)),
    scores: ordered.map((t) => t.totalScore),
    labels: ordered.map((t, i) =>
      isLabelledPoint(i, ordered.length, narrow) ? pointLabel(t.source, narrow) : null,
    ),
  };
};

/** The target line's legend entry (and the table's column). */
export const targetLegend = (targetScore: number): string => `Target Score (${targetScore})`;

/** A total against the target: "+3", "−4" or "0". */
export const differenceFromTarget = (totalScore: number, targetScore: number): string => {
  const difference = totalScore - targetScore;
  if (difference > 0) return `+${difference}`;
  if (difference < 0) return `−${-difference}`;
  return '0';
};

export interface SectionSeries {
  key: SectionKey;
  name: string;
  scores: number[];
  labels: (string | null)[];
}

export interface SectionScoreSeries {
  dates: string[];
  sections: SectionSeries[];
}

/** One series per visible section, in section order. */
export const sectionScoreSeries = (
  tests: readonly ChartTest[],
  visible: readonly SectionKey[],
  narrow: boolean,
): SectionScoreSeries => {
  const ordered = sortByDateTaken(tests);
  const highest = ordered.map((t) => highestSection(t.subscores, visible));
  return {
    dates: ordered.map((t) => formatTestDate(t.dateTaken)),
    sections: SECTIONS.filter((s) => visible.includes(s.key)).map((section) => ({
      key: section.key,
      name: section.scoreLabel,
      scores: ordered.map((t) => t.subscores[section.key]),
      labels: ordered.map((t, i) =>
        highest[i] === section.key && isLabelledPoint(i, ordered.length, narrow)
          ? pointLabel(t.source, narrow)
          : null,
      ),
    })),
  };
};
