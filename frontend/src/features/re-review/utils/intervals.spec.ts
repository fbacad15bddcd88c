import { describe, expect, it } from 'vitest';
import { formatInterval } from './intervals';

const NOW = new Date('2026-01-01T00:00:00Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);
const MIN = 60_000;

describe('formatInterval', () => {
  it.each([
    [0, '1 min'],
    [10 * MIN, '10 min'],
    [59 * MIN, '59 min'],
    [60 * MIN, '1 hour'],
    [5 * 60 * MIN, '5 hours'],
    [24 * 60 * MIN, '1 day'],
    [8 * 24 * 60 * MIN, '8 days'],
    [61 * 24 * 60 * MIN, '2 months'],
    [400 * 24 * 60 * MIN, '1 year'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatInterval(NOW, after(ms))).toBe(text);
  });
});
