import { IDEMPOTENCY_MODELS, PLAN_MODELS } from '@mcat/service-kit';
import { TEST_MODELS } from './tests/test.schema';

/** Every model of the tests service, whose indexes `src/migrate.ts` creates. */
export const MIGRATION_MODELS = [...TEST_MODELS, ...PLAN_MODELS, ...IDEMPOTENCY_MODELS];
