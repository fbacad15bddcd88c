import { PLAN_MODELS, runMigration } from '@mcat/service-kit';
import { TEST_MODELS } from './tests/test.schema';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the tests service's MongoDB indexes
 * and the JetStream streams. Needs MONGO_URL and NATS_URL only; idempotent.
 */
runMigration('tests', [...TEST_MODELS, ...PLAN_MODELS]);
