/** The query log the services append to (MONGO_QUERY_LOG; packages/service-kit/src/infra/query-log.ts). */
import fs from 'node:fs';
import path from 'node:path';
import type { QueryRecord } from '../../../service-kit/src/infra/query-shapes';
import type { Profile } from '../ports';

/** Where `npm test` has the product it tests write its query log. */
export const queryLogFile = (profile: Profile) =>
  path.join(profile.dataDir, 'reports', 'query-log.jsonl');

/** Every record of the log, in order; a line that is not one names its line number. */
export function readQueryLog(file: string): QueryRecord[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line) as QueryRecord];
    } catch {
      throw new Error(`${file}:${i + 1} is not a query record: ${line.slice(0, 200)}`);
    }
  });
}
