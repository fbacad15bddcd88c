import { describe, expect, it } from 'vitest';
import { SECTION_NAMES, type Test } from '@mcat/contracts';
import { startWizard, wizardReducer, type WizardAction, type WizardState } from './review-wizard';

const fresh: Test['review'] = {
  isComplete: false,
  sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
};

const run = (state: WizardState, ...actions: WizardAction['type'][]) =>
  actions.reduce((current, type) => wizardReducer(current, { type } as WizardAction), state);

describe('review wizard', () => {
  it('starts at step 1 with the four flags off', () => {
    expect(startWizard(fresh, null)).toEqual({
      step: 0,
      sectionsReviewed: fresh.sectionsReviewed,
      isComplete: false,
    });
  });

  it('preselects the step of ?section=<full name>', () => {
    expect(startWizard(fresh, 'Biological and Biochemical Foundations').step).toBe(2);
    expect(startWizard(fresh, SECTION_NAMES[3]).step).toBe(3);
  });

  it('ignores an unknown section name', () => {
    expect(startWizard(fresh, 'Bio').step).toBe(0);
  });

  it("marking a step done sets that section's flag and moves to the next", () => {
    const state = run(startWizard(fresh, null), 'stepDone');
    expect(state.step).toBe(1);
    expect(state.sectionsReviewed).toEqual({
      chemPhys: true,
      cars: false,
      bio: false,
      psychSoc: false,
    });
    expect(state.isComplete).toBe(false);
  });

  it('after the last step the review is complete with every flag set', () => {
    const state = run(startWizard(fresh, null), 'stepDone', 'stepDone', 'stepDone', 'stepDone');
    expect(state.isComplete).toBe(true);
    expect(Object.values(state.sectionsReviewed)).toEqual([true, true, true, true]);
  });

  it('Previous Section goes back without changing the flags, never before step 1', () => {
    const state = run(startWizard(fresh, null), 'stepDone', 'previous', 'previous');
    expect(state.step).toBe(0);
    expect(state.sectionsReviewed.chemPhys).toBe(true);
  });

  it('Mark Review Complete works at any step and keeps the flags', () => {
    const state = run(startWizard(fresh, SECTION_NAMES[1]), 'markComplete');
    expect(state.isComplete).toBe(true);
    expect(state.sectionsReviewed).toEqual(fresh.sectionsReviewed);
  });

  it('Reopen clears completion and all four flags and returns to step 1', () => {
    const done = run(startWizard(fresh, SECTION_NAMES[2]), 'stepDone', 'stepDone');
    expect(done.isComplete).toBe(true);
    expect(run(done, 'reopen')).toEqual({
      step: 0,
      sectionsReviewed: fresh.sectionsReviewed,
      isComplete: false,
    });
  });
});
