/**
 * Writes one database into a staging folder: each collection's documents as lines of canonical
 * Extended JSON (`databases/<db>/<collection>.ejson`), and its entry for the manifest (name, file,
 * count, indexes). Only the wire protocol is used, so the same code reads FerretDB and MongoDB.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db, MongoClient } from 'mongodb';
import { documentLine, EXACT_READ, toCanonical } from './document-lines';
import type { CollectionEntry, DatabaseEntry, IndexDescription } from './manifest';

/** The collections of a database a backup holds: plain collections, not `system.*`. */
export async function collectionNames(db: Db): Promise<string[]> {
  const infos = await db.listCollections({}, { nameOnly: false }).toArray();
  return infos
    .filter((info) => (info.type ?? 'collection') === 'collection')
    .map((info) => info.name)
    .filter((name) => !name.startsWith('system.'))
    .sort();
}

/** Every index but `_id_`, without what the server fills in (`v`, `ns`). */
export async function indexDescriptions(db: Db, collection: string): Promise<IndexDescription[]> {
  const indexes = await db.collection(collection).listIndexes().toArray();
  return indexes
    .filter((index) => index.name !== '_id_')
    .map(({ v: _v, ns: _ns, ...index }) => toCanonical(index))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/** A file name for any collection name (which may hold `/`). */
const fileName = (collection: string) => `${encodeURIComponent(collection)}.ejson`;

async function dumpCollection(db: Db, name: string, root: string): Promise<CollectionEntry> {
  const file = path.posix.join('databases', db.databaseName, fileName(name));
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  let count = 0;
  const cursor = db.collection(name).find({}, EXACT_READ);
  await pipeline(
    async function* lines() {
      for await (const document of cursor) {
        count += 1;
        yield `${documentLine(document)}\n`;
      }
    },
    fs.createWriteStream(path.join(root, file), { mode: 0o600 }),
  );
  return { name, file, count, indexes: await indexDescriptions(db, name) };
}

/** Dumps `database` under `root`; a database that does not exist is an empty one. */
export async function dumpDatabase(
  client: MongoClient,
  database: string,
  root: string,
): Promise<DatabaseEntry> {
  const db = client.db(database);
  const collections: CollectionEntry[] = [];
  for (const name of await collectionNames(db)) {
    collections.push(await dumpCollection(db, name, root));
  }
  return { name: database, collections };
}
