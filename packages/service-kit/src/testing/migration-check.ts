import { spawn } from 'node:child_process';
import { createConnection, type Schema } from 'mongoose';

/** MongoDB's error for a collection that does not exist (yet). */
const NAMESPACE_NOT_FOUND = 26;

export interface EntryRun {
  code: number | null;
  output: string;
}

/**
 * Runs a service's TypeScript entry (`services/<name>/src/migrate.ts`) as its own process, from
 * the repository root (so tsx resolves `@mcat/*` through tsconfig.json), with only `env` set and
 * `args` after it.
 */
export function runEntry(
  repoRoot: string,
  entry: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<EntryRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The indexes the schemas declare that the database lacks, as `collection: {keys}` texts. */
export async function missingIndexes(
  mongoUrl: string,
  models: readonly { name: string; schema: Schema }[],
): Promise<string[]> {
  const connection = await createConnection(mongoUrl, { autoIndex: false }).asPromise();
  try {
    const missing: string[] = [];
    for (const { name, schema } of models) {
      const model = connection.model(name, schema);
      const indexes = await model.collection
        .listIndexes()
        .toArray()
        .catch((error: { code?: unknown }) => {
          if (error.code === NAMESPACE_NOT_FOUND) return [];
          throw error;
        });
      const existing = new Set(indexes.map((index) => JSON.stringify(index.key)));
      for (const [keys] of schema.indexes()) {
        const text = JSON.stringify(keys);
        if (!existing.has(text)) missing.push(`${model.collection.collectionName}: ${text}`);
      }
    }
    return missing;
  } finally {
    await connection.close();
  }
}
