import { describe, expect, it } from 'vitest';
import { reviewProgressPercent, reviewStatus } from './review-status';

const flags = (chemPhys: boolean, cars: boolean, bio: boolean, psychSoc: boolean) => ({
  chemPhys,
  cars,
  bio,
  psychSoc,
});

describe('review status', () => {
  it('is not started while no section is reviewed', () => {
    expect(
      reviewStatus({ isComplete: false, sectionsReviewed: flags(false, false, false, false) }),
    ).toBe('not started');
  });

  it('is in progress once one section is reviewed', () => {
    expect(
      reviewStatus({ isComplete: false, sectionsReviewed: flags(false, true, false, false) }),
    ).toBe('in progress');
  });

  it('is complete when marked complete, whatever the flags', () => {
    expect(
      reviewStatus({ isComplete: true, sectionsReviewed: flags(false, false, false, false) }),
    ).toBe('complete');
  });

  it('progress is the reviewed sections out of four', () => {
    expect(
      reviewProgressPercent({
        isComplete: false,
        sectionsReviewed: flags(true, false, true, false),
      }),
    ).toBe(50);
  });
});
