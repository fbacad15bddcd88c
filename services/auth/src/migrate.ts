import { runMigration } from '@mcat/service-kit';
import { MIGRATION_MODELS } from './migration-models';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the auth service's MongoDB indexes
 * and the JetStream streams. Needs MONGO_URL and NATS_URL only; idempotent.
 */
runMigration('auth', MIGRATION_MODELS);
