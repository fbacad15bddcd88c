/**
 * The upgrade prompt of a screen that creates tests or questions: one place decides, by the
 * answer's code, whether a failure is a plan limit and where it is shown.
 */
import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { planLimitOutcome, type LimitedAction } from '../lib/plan-limits';
import { UpgradeModal } from './upgrade-modal';

export interface PlanLimitPrompt {
  /**
   * The message to show inline for a failed call: a premium user's limit, else `otherwise()`; null
   * when the failure is a free user's limit, which the upgrade prompt shows instead.
   */
  inlineMessage: (failure: unknown, otherwise: () => string) => string | null;
  /** The upgrade modal, to render once in the screen. */
  prompt: ReactElement;
}

export function usePlanLimit(action: LimitedAction = 'create'): PlanLimitPrompt {
  const [message, setMessage] = useState<string | null>(null);
  const inlineMessage = useCallback(
    (failure: unknown, otherwise: () => string): string | null => {
      const limit = planLimitOutcome(failure, action);
      if (limit?.display === 'modal') {
        setMessage(limit.message);
        return null;
      }
      return limit?.message ?? otherwise();
    },
    [action],
  );
  const prompt = useMemo(
    () => <UpgradeModal message={message} onClose={() => setMessage(null)} />,
    [message],
  );
  return { inlineMessage, prompt };
}
