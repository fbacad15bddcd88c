/**
 * The databases of the product: the one of each service that has a MONGO_URL in the runner's table
 * (packages/runner/src/processes.ts), so a service added there is backed up without another list
 * to keep.
 */
import { SERVICE_NAMES, START_PROFILE } from '@mcat/runner/ports';
import { serviceEnv } from '@mcat/runner/processes';

const databaseOf = (mongoUrl: string): string | null =>
  /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(mongoUrl)?.[1] ?? null;

export function productDatabases(): string[] {
  return SERVICE_NAMES.map((name) => serviceEnv(START_PROFILE, name, {}).MONGO_URL)
    .filter((url): url is string => Boolean(url))
    .map(databaseOf)
    .filter((name): name is string => name !== null);
}
