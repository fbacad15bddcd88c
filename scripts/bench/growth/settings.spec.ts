import { sizesFrom } from './settings';

describe('BENCH_GROWTH_SIZES', () => {
  it('defaults to the empty database, 10,000 and 100,000 questions', () => {
    expect(sizesFrom(undefined)).toEqual([0, 10_000, 100_000]);
    expect(sizesFrom(' ')).toEqual([0, 10_000, 100_000]);
  });

  it('measures the sizes given in increasing order, each once', () => {
    expect(sizesFrom('50000, 0,5000,0')).toEqual([0, 5000, 50_000]);
  });

  it('falls back to the default when an entry is not a whole number of questions', () => {
    expect(sizesFrom('0,ten')).toEqual([0, 10_000, 100_000]);
    expect(sizesFrom('0,-5')).toEqual([0, 10_000, 100_000]);
    expect(sizesFrom('1.5')).toEqual([0, 10_000, 100_000]);
  });
});
