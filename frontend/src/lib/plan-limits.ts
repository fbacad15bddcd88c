/**
 * Plan-limit answers of the tests and questions services, read by their code (PLAN_LIMIT_TESTS,
 * PLAN_LIMIT_QUESTIONS) and plan: a free user is shown the upgrade prompt, a premium user an
 * inline message.
 */
import {
  LIMITS,
  PLAN_LIMITS,
  isErrorCode,
  isPlanLimitCode,
  type Plan,
  type PlanLimitCode,
} from '@mcat/contracts';

/** What the student tried when the limit refused it: the import prompt words it differently. */
export type LimitedAction = 'create' | 'import';

export interface PlanLimitOutcome {
  display: 'modal' | 'inline';
  message: string;
}

interface PlanLimit {
  code: PlanLimitCode;
  plan: Plan;
}

interface FailedCall {
  data?: { code?: unknown; plan?: unknown };
}

/** The plan limit a failed call (RTK Query's `{ status, data }`) was refused by, or null. */
export function planLimitOf(failure: unknown): PlanLimit | null {
  if (typeof failure !== 'object' || failure === null) return null;
  const { code, plan } = (failure as FailedCall).data ?? {};
  if (!isErrorCode(code) || !isPlanLimitCode(code)) return null;
  if (typeof plan !== 'string' || !Object.hasOwn(PLAN_LIMITS, plan)) return null;
  return { code, plan: plan as Plan };
}

const modal = (message: string): PlanLimitOutcome => ({ display: 'modal', message });
const inline = (message: string): PlanLimitOutcome => ({ display: 'inline', message });

/** How to show a failed call refused by a plan limit, or null when no limit refused it. */
export function planLimitOutcome(
  failure: unknown,
  action: LimitedAction = 'create',
): PlanLimitOutcome | null {
  const limit = planLimitOf(failure);
  if (limit === null) return null;
  const tests = limit.code === 'PLAN_LIMIT_TESTS';
  if (limit.plan === 'premium')
    return inline(tests ? LIMITS.premiumTests : LIMITS.premiumQuestions);
  if (!tests) return modal(LIMITS.upgradePrompt.questions);
  return modal(action === 'import' ? LIMITS.freeTestsImport : LIMITS.upgradePrompt.tests);
}
