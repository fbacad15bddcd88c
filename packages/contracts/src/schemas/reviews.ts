import { z } from 'zod';
import type { Question } from '../api';
import { REVIEW_MESSAGES } from '../messages/reviews';

/** How well the student recalled a question's lesson, as FSRS rates a review. */
export const REVIEW_OUTCOMES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** POST /api/questions/:id/review: only `outcome`; another field or value answers 400. */
export const reviewOutcomeSchema = z.strictObject(
  { outcome: z.enum(REVIEW_OUTCOMES, { error: REVIEW_MESSAGES.outcomeInvalid }) },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? REVIEW_MESSAGES.unknownField(issue.keys)
        : REVIEW_MESSAGES.bodyInvalid,
  },
);
export type ReviewOutcomeBody = z.infer<typeof reviewOutcomeSchema>;

/** A question with the time its next re-review falls due (ISO). */
export interface ReviewedQuestion extends Question {
  nextReviewAt: string;
}

/** A question due now: when it fell due, and when each outcome would bring it back (ISO). */
export interface DueQuestion extends ReviewedQuestion {
  nextReviewAtByOutcome: Record<ReviewOutcome, string>;
}

/** `GET /api/questions/review/due/count`: how many questions are due, for the dashboard. */
export interface DueCount {
  due: number;
}
