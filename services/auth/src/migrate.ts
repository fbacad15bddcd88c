import { runMigration } from '@mcat/service-kit';
import { MIGRATION_MODELS } from './migration-models';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the auth service's MongoDB indexes
 * and the JetStream streams, adding only. Needs MONGO_URL and NATS_URL (EVENT_STREAM_REPLICAS
 * optional); idempotent. `unused-indexes [--drop]`: the operator's removal (docs/adr/0028).
 */
runMigration('auth', MIGRATION_MODELS);
