import { PLAN_MODELS, runMigration } from '@mcat/service-kit';
import { QUESTION_MODELS } from './questions/question.schema';
import { TEST_SUMMARY_MODELS } from './test-summaries/test-summary.schema';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the questions service's MongoDB
 * indexes and the JetStream streams. Needs MONGO_URL and NATS_URL only; idempotent.
 */
runMigration('questions', [...QUESTION_MODELS, ...TEST_SUMMARY_MODELS, ...PLAN_MODELS]);
