import { createConnection, type Connection, type Schema } from 'mongoose';
import { connect } from 'nats';
import { z } from 'zod';
import { envFields, loadConfig } from '../config/env';
import { ensureEventStreams } from '../events/event-streams';
import { retryJetStreamStart } from '../events/jetstream-start-retry';
import { serviceDatabaseName } from '../infra/mongo';
import { natsServer } from '../infra/nats-credentials';

/** What a migration needs: the service's database and the bus, nothing else. */
export const migrationEnvSchema = z.object({
  MONGO_URL: envFields.MONGO_URL,
  NATS_URL: envFields.NATS_URL,
  NATS_CREDS_FILE: envFields.NATS_CREDS_FILE,
  EVENT_STREAM_REPLICAS: envFields.EVENT_STREAM_REPLICAS,
});
export type MigrationConfig = z.infer<typeof migrationEnvSchema>;

/** What listing (or dropping) the unused indexes needs: the service's database only. */
export const unusedIndexesEnvSchema = z.object({ MONGO_URL: envFields.MONGO_URL });

type MigrationModels = readonly { name: string; schema: Schema }[];

/** MongoDB's error for a collection that does not exist (yet). */
const NAMESPACE_NOT_FOUND = 26;

export interface MigrationOptions {
  /** The service name, for the database name when MONGO_URL has no path. */
  service: string;
  config: MigrationConfig;
  /** Every model of the service: the indexes its schema declares are created (none is dropped). */
  models: MigrationModels;
  /** Where to say what the migration left as it found it (a stream with more replicas). */
  log?: (message: string) => void;
}

/**
 * The service's database, where mongoose makes no index behind the code's back; with
 * `autoCreate`, each model's collection is created as the model is (what the services do).
 */
const connectDatabase = (
  service: string,
  mongoUrl: string,
  autoCreate: boolean,
): Promise<Connection> =>
  createConnection(mongoUrl, {
    dbName: serviceDatabaseName(mongoUrl, service),
    autoIndex: false,
    autoCreate,
    serverSelectionTimeoutMS: 10_000,
  }).asPromise();

/**
 * A service's `dist/migrate.js` (the Helm pre-install/upgrade Job), which only adds
 * (docs/adr/0028-migrations-only-add.md): creates the MongoDB indexes its models declare and the
 * JetStream streams, and drops nothing. An index a schema no longer declares stays for the pods of
 * the older version still serving (and for a rollback); `unusedIndexes` lists it for an operator.
 * Idempotent: running it again changes nothing.
 */
export async function migrateService({
  service,
  config,
  models,
  log,
}: MigrationOptions): Promise<void> {
  const connection = await connectDatabase(service, config.MONGO_URL, true);
  try {
    for (const { name, schema } of models) {
      const model = connection.model(name, schema);
      await model.createIndexes().catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `an index of ${model.collection.collectionName} could not be created: ${reason} (an index is never changed in place: docs/adr/0028-migrations-only-add.md)`,
        );
      });
    }
  } finally {
    await connection.close();
  }
  const nc = await connect({
    ...natsServer(config.NATS_URL, config.NATS_CREDS_FILE),
    name: `${service}-migrate`,
    timeout: 10_000,
  });
  try {
    // A JetStream cluster still electing a leader, or busy, answers late: the Job waits for it
    // rather than failing the install or upgrade.
    await retryJetStreamStart(
      'Event streams',
      async () =>
        ensureEventStreams(await nc.jetstreamManager(), {
          replicas: config.EVENT_STREAM_REPLICAS,
          ...(log ? { log } : {}),
        }),
      log ?? (() => undefined),
    );
  } finally {
    await nc.drain();
  }
}

/** An index of one of the service's collections that none of its current schemas declares. */
export interface UnusedIndex {
  collection: string;
  name: string;
  key: Record<string, unknown>;
}

/**
 * The indexes of the models' collections whose keys no schema of this version declares (never
 * `_id_`), and with `drop` each of them dropped. Only for an operator, once no pod of an older
 * version that queries with them runs (ADR 0028). Keys alone decide, not options: FerretDB 1.24
 * does not report `sparse`, so mongoose's `diffIndexes` would list the outbox's sparse index.
 */
export async function unusedIndexes(
  service: string,
  mongoUrl: string,
  models: MigrationModels,
  { drop = false }: { drop?: boolean } = {},
): Promise<UnusedIndex[]> {
  const connection = await connectDatabase(service, mongoUrl, false);
  try {
    const declared = new Map<string, Set<string>>();
    for (const { name, schema } of models) {
      const collection = connection.model(name, schema).collection.collectionName;
      const keys = declared.get(collection) ?? new Set(['{"_id":1}']);
      for (const [fields] of schema.indexes()) keys.add(JSON.stringify(fields));
      declared.set(collection, keys);
    }
    const unused: UnusedIndex[] = [];
    for (const [collection, keys] of declared) {
      const existing = await connection
        .collection(collection)
        .listIndexes()
        .toArray()
        .catch((error: { code?: unknown }) => {
          if (error.code === NAMESPACE_NOT_FOUND) return [];
          throw error;
        });
      for (const index of existing) {
        if (keys.has(JSON.stringify(index.key))) continue;
        unused.push({ collection, name: String(index.name), key: index.key });
        if (drop) await connection.collection(collection).dropIndex(String(index.name));
      }
    }
    return unused;
  } finally {
    await connection.close();
  }
}

export const MIGRATION_USAGE = 'Usage: migrate.js [unused-indexes [--drop]]';

export type MigrationCommand =
  { command: 'migrate' } | { command: 'unused-indexes'; drop: boolean } | { command: 'usage' };

/** What `migrate.js` was asked: nothing (migrate), `unused-indexes [--drop]`, or else its usage. */
export function migrationCommand(args: readonly string[]): MigrationCommand {
  if (args.length === 0) return { command: 'migrate' };
  const [command, ...flags] = args;
  if (command !== 'unused-indexes') return { command: 'usage' };
  if (flags.length === 0) return { command, drop: false };
  if (flags.length === 1 && flags[0] === '--drop') return { command, drop: true };
  return { command: 'usage' };
}

const fail = (service: string, what: string, error: unknown): never => {
  process.stderr.write(
    `${service}: ${what} failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
};

/**
 * The body of a service's `src/migrate.ts`. Without arguments (the Helm Job): migrates, says so,
 * exits 0 (or prints why and exits 1). `unused-indexes` prints, one line each, the indexes of
 * the service's collections that its schemas no longer declare (`<collection> <name> <keys>`);
 * `unused-indexes --drop` drops them and prints each as `dropped ...`. Anything else: the usage,
 * exit 2.
 */
export function runMigration(
  service: string,
  models: MigrationOptions['models'],
  args: readonly string[] = process.argv.slice(2),
): void {
  const asked = migrationCommand(args);
  if (asked.command === 'usage') {
    process.stderr.write(`${MIGRATION_USAGE}\n`);
    process.exit(2);
  }
  if (asked.command === 'migrate') {
    const config = loadConfig(migrationEnvSchema);
    const log = (message: string) => process.stdout.write(`${service}: ${message}\n`);
    migrateService({ service, config, models, log }).then(
      () => {
        process.stdout.write(`${service}: indexes and event streams are up to date\n`);
        process.exit(0);
      },
      (error: unknown) => fail(service, 'migration', error),
    );
    return;
  }
  const { drop } = asked;
  const { MONGO_URL } = loadConfig(unusedIndexesEnvSchema);
  unusedIndexes(service, MONGO_URL, models, { drop }).then(
    (unused) => {
      for (const { collection, name, key } of unused) {
        process.stdout.write(
          `${drop ? 'dropped ' : ''}${collection} ${name} ${JSON.stringify(key)}\n`,
        );
      }
      if (unused.length === 0) {
        process.stdout.write(`${service}: every index is declared by the current schemas\n`);
      }
      process.exit(0);
    },
    (error: unknown) => fail(service, 'unused-indexes', error),
  );
}
