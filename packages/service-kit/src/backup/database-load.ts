/**
 * Puts a database of an unpacked archive back: `checkDatabaseFiles` reads every file first (each
 * line a document, as many as the manifest says), so a damaged archive is refused before anything
 * is dropped; `loadDatabase` then drops the database and recreates each collection, its indexes
 * and its documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Document, MongoClient } from 'mongodb';
import { fromCanonical, lineDocument } from './document-lines';
import { NotOurArchiveError, type CollectionEntry, type DatabaseEntry } from './manifest';

const BATCH = 1000;

/** The documents of a collection's file, one at a time. */
async function* documentsOf(root: string, entry: CollectionEntry): AsyncGenerator<Document> {
  const lines = readline.createInterface({
    input: fs.createReadStream(path.join(root, entry.file)),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (line.trim() !== '') yield lineDocument(line);
  }
}

/** Throws NotOurArchiveError unless every file of the database is whole. */
export async function checkDatabaseFiles(
  root: string,
  database: DatabaseEntry,
  archive: string,
): Promise<void> {
  for (const entry of database.collections) {
    const where = `${database.name}.${entry.name}`;
    if (!fs.existsSync(path.join(root, entry.file))) {
      throw new NotOurArchiveError(archive, `the file of ${where} (${entry.file}) is missing`);
    }
    let count = 0;
    try {
      const documents = documentsOf(root, entry);
      while (!(await documents.next()).done) count += 1;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new NotOurArchiveError(archive, `${where}, document ${count + 1}: ${why}`);
    }
    if (count !== entry.count) {
      throw new NotOurArchiveError(
        archive,
        `${where} holds ${count} documents where its manifest says ${entry.count}`,
      );
    }
  }
}

/** Recreates one collection: indexes first, so a unique one refuses what it should at once. */
async function loadCollection(
  client: MongoClient,
  database: string,
  root: string,
  entry: CollectionEntry,
): Promise<void> {
  const collection = await client.db(database).createCollection(entry.name);
  for (const description of entry.indexes) {
    const { key, ...options } = fromCanonical(description);
    await collection.createIndex(key as Document, options);
  }
  let batch: Document[] = [];
  for await (const document of documentsOf(root, entry)) {
    batch.push(document);
    if (batch.length === BATCH) {
      await collection.insertMany(batch, { ordered: true });
      batch = [];
    }
  }
  if (batch.length > 0) await collection.insertMany(batch, { ordered: true });
}

/** Replaces the database's contents with the archive's: drop, then collections and documents. */
export async function loadDatabase(
  client: MongoClient,
  root: string,
  database: DatabaseEntry,
): Promise<number> {
  await client.db(database.name).dropDatabase();
  let documents = 0;
  for (const entry of database.collections) {
    try {
      await loadCollection(client, database.name, root, entry);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`${database.name}.${entry.name}: ${why}`);
    }
    documents += entry.count;
  }
  return documents;
}
