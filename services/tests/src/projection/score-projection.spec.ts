import { MIN_SPREAD_POINTS, projectScore, tQuantile90, type ScoredTest } from './score-projection';

const day = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
const tests = (...points: [string, number][]): ScoredTest[] =>
  points.map(([date, totalScore]) => ({ dateTaken: day(date), totalScore }));

describe('projectScore', () => {
  it('follows a steady rise to the planned date', () => {
    // +1 point every 10 days: 500 on Jan 1, 503 on Jan 31, 509 on Mar 31.
    const projection = projectScore(
      tests(['2026-01-01', 500], ['2026-01-11', 501], ['2026-01-21', 502], ['2026-01-31', 503]),
      day('2026-03-31'),
    );
    expect(projection.predictedScore).toBe(509);
    expect(projection.low).toBeLessThan(509);
    expect(projection.high).toBeGreaterThan(509);
  });

  it('has a range at least the least spread wide, even through points exactly on a line', () => {
    const projection = projectScore(
      tests(['2026-01-01', 500], ['2026-01-11', 500], ['2026-01-21', 500], ['2026-01-31', 500]),
      day('2026-02-10'),
    );
    expect(projection.predictedScore).toBe(500);
    const halfWidth = tQuantile90(2) * MIN_SPREAD_POINTS;
    expect(projection.high - 500).toBeGreaterThanOrEqual(Math.floor(halfWidth));
    expect(500 - projection.low).toBeGreaterThanOrEqual(Math.floor(halfWidth));
  });

  it('weighs recent tests more: a year-old score barely moves the projection', () => {
    const recent: [string, number][] = [
      ['2026-04-01', 500],
      ['2026-04-10', 502],
      ['2026-04-20', 504],
    ];
    const withoutOld = projectScore(tests(...recent), day('2026-05-01'));
    const withOld = projectScore(tests(['2025-04-01', 528], ...recent), day('2026-05-01'));
    expect(withoutOld.predictedScore).toBe(506);
    expect(Math.abs(withOld.predictedScore - withoutOld.predictedScore)).toBeLessThanOrEqual(1);
  });

  it('never leaves 472–528, however steep the trend or far the date', () => {
    const rising = projectScore(
      tests(['2026-01-01', 480], ['2026-01-08', 500], ['2026-01-15', 520]),
      day('2027-01-01'),
    );
    expect(rising).toEqual({ predictedScore: 528, low: expect.any(Number), high: 528 });
    expect(rising.low).toBeGreaterThanOrEqual(472);
    const falling = projectScore(
      tests(['2026-01-01', 520], ['2026-01-08', 500], ['2026-01-15', 480]),
      day('2027-01-01'),
    );
    expect(falling).toEqual({ predictedScore: 472, low: 472, high: expect.any(Number) });
    expect(falling.high).toBeLessThanOrEqual(528);
  });

  it('keeps low ≤ predicted ≤ high for many random histories', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 500; run += 1) {
      const count = 3 + Math.floor(random() * 20);
      const history = Array.from({ length: count }, () => ({
        dateTaken: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 200))),
        totalScore: 472 + Math.floor(random() * 57),
      }));
      const at = new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 600)));
      const { predictedScore, low, high } = projectScore(history, at);
      expect(Number.isInteger(predictedScore)).toBe(true);
      expect(472).toBeLessThanOrEqual(low);
      expect(low).toBeLessThanOrEqual(predictedScore);
      expect(predictedScore).toBeLessThanOrEqual(high);
      expect(high).toBeLessThanOrEqual(528);
    }
  });

  it('takes tests all on one day as a level trend', () => {
    const projection = projectScore(
      tests(['2026-02-01', 500], ['2026-02-01', 504], ['2026-02-01', 508]),
      day('2026-06-01'),
    );
    expect(projection.predictedScore).toBe(504);
    expect(projection.low).toBeLessThan(504);
  });

  it('refuses fewer than three tests', () => {
    expect(() =>
      projectScore(tests(['2026-01-01', 500], ['2026-01-02', 501]), day('2026-02-01')),
    ).toThrow(RangeError);
  });
});
