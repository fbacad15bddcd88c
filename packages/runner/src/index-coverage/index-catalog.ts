/**
 * The indexes the checker holds the query log to: read with `listIndexes` from the database the
 * services ran against, where they are what the schemas declare (each service creates its models'
 * indexes at start, and `migrate` brings a cluster's to the same).
 */
import { MongoServerError, type Collection, type MongoClient } from 'mongodb';
import { namespaceOf, type IndexCatalog, type IndexSpec } from './index-coverage';

/** MongoDB's NamespaceNotFound: the collection was never created, so it has no index yet. */
const NAMESPACE_NOT_FOUND = 26;

async function listIndexes(collection: Collection): Promise<IndexSpec[]> {
  try {
    const indexes = await collection.listIndexes().toArray();
    return indexes.map(({ key, sparse }) => ({ key: key as Record<string, unknown>, sparse }));
  } catch (error) {
    if (error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}

/** The indexes of every collection the queries name. */
export async function readIndexCatalog(
  client: MongoClient,
  queries: readonly { database: string; collection: string }[],
): Promise<IndexCatalog> {
  const catalog = new Map<string, IndexSpec[]>();
  for (const query of queries) {
    const namespace = namespaceOf(query);
    if (catalog.has(namespace)) continue;
    catalog.set(
      namespace,
      await listIndexes(client.db(query.database).collection(query.collection)),
    );
  }
  return catalog;
}
