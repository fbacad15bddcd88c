import { createConnection, type Schema } from 'mongoose';
import { connect } from 'nats';
import { z } from 'zod';
import { envFields, loadConfig } from '../config/env';
import { ensureEventStreams } from '../events/event-streams';
import { serviceDatabaseName } from '../infra/mongo';

/** What a migration needs: the service's database and the bus, nothing else. */
export const migrationEnvSchema = z.object({
  MONGO_URL: envFields.MONGO_URL,
  NATS_URL: envFields.NATS_URL,
});
export type MigrationConfig = z.infer<typeof migrationEnvSchema>;

export interface MigrationOptions {
  /** The service name, for the database name when MONGO_URL has no path. */
  service: string;
  config: MigrationConfig;
  /** Every model of the service: its indexes are created (and indexes it no longer declares dropped). */
  models: readonly { name: string; schema: Schema }[];
}

/**
 * A service's `dist/migrate.js` (the Helm pre-install/upgrade Job): brings the MongoDB indexes of
 * its models to what the schemas declare and creates or updates the JetStream streams. Idempotent:
 * running it again changes nothing.
 */
export async function migrateService({ service, config, models }: MigrationOptions): Promise<void> {
  const connection = await createConnection(config.MONGO_URL, {
    dbName: serviceDatabaseName(config.MONGO_URL, service),
    autoIndex: false,
    serverSelectionTimeoutMS: 10_000,
  }).asPromise();
  try {
    for (const { name, schema } of models) await connection.model(name, schema).syncIndexes();
  } finally {
    await connection.close();
  }
  const nc = await connect({
    servers: config.NATS_URL,
    name: `${service}-migrate`,
    timeout: 10_000,
  });
  try {
    await ensureEventStreams(await nc.jetstreamManager());
  } finally {
    await nc.drain();
  }
}

/** The body of a service's `src/migrate.ts`: migrates, says so, exits 0 (or prints why and exits 1). */
export function runMigration(service: string, models: MigrationOptions['models']): void {
  const config = loadConfig(migrationEnvSchema);
  migrateService({ service, config, models }).then(
    () => {
      process.stdout.write(`${service}: indexes and event streams are up to date\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(
        `${service}: migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
