import { IDEMPOTENCY_MODELS, PLAN_MODELS } from '@mcat/service-kit';
import { QUESTION_MODELS } from './questions/question.schema';
import { REVIEW_MODELS } from './reviews/review-schedule.schema';
import { TEST_SUMMARY_MODELS } from './test-summaries/test-summary.schema';

/** Every model of the questions service, whose indexes `src/migrate.ts` creates. */
export const MIGRATION_MODELS = [
  ...QUESTION_MODELS,
  ...REVIEW_MODELS,
  ...TEST_SUMMARY_MODELS,
  ...PLAN_MODELS,
  ...IDEMPOTENCY_MODELS,
];
