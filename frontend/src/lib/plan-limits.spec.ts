import { describe, expect, it } from 'vitest';
import { LIMITS, type ApiError } from '@mcat/contracts';
import { planLimitOf, planLimitOutcome } from './plan-limits';

/** A failed call as RTK Query rejects it. */
const refused = (data: ApiError | { message: string }) => ({ status: 403, data });

const limit = (code: 'PLAN_LIMIT_TESTS' | 'PLAN_LIMIT_QUESTIONS', plan: 'free' | 'premium') =>
  refused({ statusCode: 403, code, message: 'any text: the code decides', plan });

describe('plan limit answers, read by code', () => {
  it("a free user's test limit opens the upgrade prompt with the storage text", () => {
    expect(planLimitOutcome(limit('PLAN_LIMIT_TESTS', 'free'))).toEqual({
      display: 'modal',
      message: LIMITS.upgradePrompt.tests,
    });
  });

  it("a free user's refused import says how many tests the plan keeps", () => {
    expect(planLimitOutcome(limit('PLAN_LIMIT_TESTS', 'free'), 'import')).toEqual({
      display: 'modal',
      message: LIMITS.freeTestsImport,
    });
  });

  it("a free user's question limit opens the prompt with the computation text", () => {
    expect(planLimitOutcome(limit('PLAN_LIMIT_QUESTIONS', 'free'))).toEqual({
      display: 'modal',
      message: LIMITS.upgradePrompt.questions,
    });
  });

  it("a premium user's limits are shown inline", () => {
    expect(planLimitOutcome(limit('PLAN_LIMIT_TESTS', 'premium'))).toEqual({
      display: 'inline',
      message: LIMITS.premiumTests,
    });
    expect(planLimitOutcome(limit('PLAN_LIMIT_QUESTIONS', 'premium'), 'import')).toEqual({
      display: 'inline',
      message: LIMITS.premiumQuestions,
    });
  });

  it('a limit text without its code is not a plan limit', () => {
    expect(planLimitOf(refused({ message: LIMITS.freeTests }))).toBeNull();
    expect(
      planLimitOf(refused({ statusCode: 403, code: 'FORBIDDEN', message: LIMITS.freeTests })),
    ).toBeNull();
  });

  it('a plan-limit code with no known plan, or no answer at all, is not read as one', () => {
    expect(
      planLimitOf(refused({ statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: 'x' })),
    ).toBeNull();
    expect(planLimitOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
    expect(planLimitOf(undefined)).toBeNull();
  });
});
