import { describe, expect, it } from 'vitest';
import { LIMITS } from '@mcat/contracts';
import { planLimitOutcome } from './plan-limits';

describe('plan limit messages', () => {
  it("a free user's test limit opens the modal with the spec's text", () => {
    expect(planLimitOutcome(LIMITS.freeTests)).toEqual({
      display: 'modal',
      message: LIMITS.shown.freeTests,
    });
  });

  it("a free user's import limit opens the modal with the import text", () => {
    expect(planLimitOutcome(`Row 3: ${LIMITS.freeTestsImport}`)).toEqual({
      display: 'modal',
      message: LIMITS.shown.freeTestsImport,
    });
  });

  it("the premium plan's limits show inline", () => {
    expect(planLimitOutcome(LIMITS.premiumTests)?.display).toBe('inline');
    expect(planLimitOutcome(LIMITS.premiumQuestions)).toEqual({
      display: 'inline',
      message: LIMITS.shown.premiumQuestions,
    });
  });

  it("a free user's question limit opens the modal", () => {
    expect(planLimitOutcome(LIMITS.freeQuestions)?.message).toBe(LIMITS.shown.freeQuestions);
  });

  it('any other message is not a limit', () => {
    expect(planLimitOutcome('Test Not Found')).toBeNull();
  });
});
