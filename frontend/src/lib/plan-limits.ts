/**
 * Plan-limit answers of the tests and questions services: found by text inside
 * the server's message, shown either in the upgrade modal (free plan) or inline (premium plan).
 */
import { LIMITS } from '@mcat/contracts';

export interface PlanLimitOutcome {
  display: 'modal' | 'inline';
  message: string;
}

const RULES: readonly { contains: string; outcome: PlanLimitOutcome }[] = [
  {
    contains: LIMITS.match.freeTestsImport,
    outcome: { display: 'modal', message: LIMITS.shown.freeTestsImport },
  },
  {
    contains: LIMITS.match.freeTests,
    outcome: { display: 'modal', message: LIMITS.shown.freeTests },
  },
  {
    contains: LIMITS.match.premiumTests,
    outcome: { display: 'inline', message: LIMITS.shown.premiumTests },
  },
  {
    contains: LIMITS.match.freeQuestions,
    outcome: { display: 'modal', message: LIMITS.shown.freeQuestions },
  },
  {
    contains: LIMITS.match.premiumQuestions,
    outcome: { display: 'inline', message: LIMITS.shown.premiumQuestions },
  },
];

/** How to show a server message that names a plan limit, or null when it names none. */
export const planLimitOutcome = (serverMessage: string): PlanLimitOutcome | null =>
  RULES.find((rule) => serverMessage.includes(rule.contains))?.outcome ?? null;
