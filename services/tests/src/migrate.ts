import { runMigration } from '@mcat/service-kit';
import { MIGRATION_MODELS } from './migration-models';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the tests service's MongoDB indexes
 * and the JetStream streams. Needs MONGO_URL and NATS_URL only; idempotent.
 */
runMigration('tests', MIGRATION_MODELS);
