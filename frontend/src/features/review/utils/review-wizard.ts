/**
 * The review wizard's state: the step shown and the test's
 * review flags. Marking a step done sets its section's flag and moves on; after the last step the
 * review is complete. Mark Complete works at any time; Reopen clears everything and goes to step 1.
 */
import { SECTIONS, sectionByName, type SectionFlags, type Test } from '@mcat/contracts';

export const STEP_COUNT = SECTIONS.length;

export interface WizardState {
  /** 0-based index into SECTIONS. */
  step: number;
  sectionsReviewed: SectionFlags;
  isComplete: boolean;
}

export type WizardAction =
  { type: 'stepDone' } | { type: 'previous' } | { type: 'markComplete' } | { type: 'reopen' };

const NO_FLAGS: SectionFlags = { chemPhys: false, cars: false, bio: false, psychSoc: false };

/** `?section=<full name>` picks its step; without one (or an unknown name) the wizard starts at 1. */
export const startWizard = (review: Test['review'], sectionParam: string | null): WizardState => {
  const preselected = sectionParam ? sectionByName(sectionParam) : undefined;
  return {
    step: preselected ? SECTIONS.indexOf(preselected) : 0,
    sectionsReviewed: { ...review.sectionsReviewed },
    isComplete: review.isComplete,
  };
};

export const isLastStep = (state: WizardState): boolean => state.step === STEP_COUNT - 1;

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'stepDone': {
      const section = SECTIONS[state.step];
      const sectionsReviewed = { ...state.sectionsReviewed, [section.key]: true };
      if (isLastStep(state)) return { ...state, sectionsReviewed, isComplete: true };
      return { ...state, sectionsReviewed, step: state.step + 1 };
    }
    case 'previous':
      return { ...state, step: Math.max(0, state.step - 1) };
    case 'markComplete':
      return { ...state, isComplete: true };
    case 'reopen':
      return { step: 0, sectionsReviewed: { ...NO_FLAGS }, isComplete: false };
  }
}
