/**
 * The query log: with MONGO_QUERY_LOG set to a file, the service's MongoDB client monitors its
 * commands and appends one JSON line (a `QueryRecord`, values replaced by their kinds) per filter
 * it sends. `npm test` turns it on for the product it tests, then checks every recorded shape
 * against the indexes (docs/adr/0027-index-coverage.md). Unset, the client is made as before: no
 * monitoring, no cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MongooseModuleOptions } from '@nestjs/mongoose';
import type { mongo } from 'mongoose';
import { queryRecords } from './query-shapes';

/** Appends the shapes of every filtering command the client sends to `file`, one per line. */
export function recordQueries(client: mongo.MongoClient, file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  client.on('commandStarted', (event) => {
    const records = queryRecords(event.commandName, event.databaseName, event.command);
    if (records.length === 0) return;
    // One write per command, in append mode: the services' lines never interleave.
    fs.appendFileSync(file, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  });
}

/** The connection options that turn the log on when `file` is set, and none when it is not. */
export function queryLogOptions(
  file: string | undefined,
): Pick<MongooseModuleOptions, 'monitorCommands' | 'onConnectionCreate'> {
  if (!file) return {};
  return {
    monitorCommands: true,
    onConnectionCreate: (connection) => recordQueries(connection.getClient(), file),
  };
}
