/** The dashboard's sentences about the score projection and the target score. */
import type { ScoreProjection } from '@mcat/contracts';
import { localDateFromIso } from '../../../lib/dates';

let projectionDateFormat: Intl.DateTimeFormat | null = null;

/** 'YYYY-MM-DD' as "May 12, 2026" in the reader's language. */
export const formatProjectionDate = (isoDate: string): string => {
  projectionDateFormat ??= new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return projectionDateFormat.format(localDateFromIso(isoDate));
};

/** "Projected 507 (503–511) on May 12, 2026". */
export const projectionSentence = ({
  predictedScore,
  low,
  high,
  atDate,
}: ScoreProjection): string =>
  `Projected ${predictedScore} (${low}–${high}) on ${formatProjectionDate(atDate)}`;

/** "4 points below your target of 511", "At or above your target of 511", or null without one. */
export const targetGapSentence = (
  predictedScore: number,
  targetScore: number | null,
): string | null => {
  if (targetScore === null) return null;
  const gap = targetScore - predictedScore;
  if (gap <= 0) return `At or above your target of ${targetScore}`;
  return `${gap} ${gap === 1 ? 'point' : 'points'} below your target of ${targetScore}`;
};
