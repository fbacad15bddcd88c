import { describe, expect, it } from 'vitest';
import { formatProjectionDate, projectionSentence, targetGapSentence } from './projection-text';

describe('the projection sentences', () => {
  it('says the projection with its range and date', () => {
    expect(
      projectionSentence({ predictedScore: 507, low: 503, high: 511, atDate: '2026-05-12' }),
    ).toBe(`Projected 507 (503–511) on ${formatProjectionDate('2026-05-12')}`);
    expect(formatProjectionDate('2026-05-12')).toMatch(/2026/);
  });

  it('says the gap to the target, at or above it, or nothing without one', () => {
    expect(targetGapSentence(507, 511)).toBe('4 points below your target of 511');
    expect(targetGapSentence(510, 511)).toBe('1 point below your target of 511');
    expect(targetGapSentence(511, 511)).toBe('At or above your target of 511');
    expect(targetGapSentence(520, 511)).toBe('At or above your target of 511');
    expect(targetGapSentence(507, null)).toBeNull();
  });
});
