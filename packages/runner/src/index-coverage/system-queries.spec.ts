/**
 * Every filter and sort the services sent to the database while the system tests and Playwright
 * drove the product is served by an index the schemas declare (docs/adr/0027-index-coverage.md).
 * `npm test` runs it after those suites with MONGO_QUERY_LOG (the log the services wrote) and
 * SYSTEM_MONGO_URL (the database they used, its indexes as they created them); alone, it reads the
 * last run's log and the test profile's FerretDB.
 */
import { MongoClient } from 'mongodb';
import { TOPOLOGY } from '../../../contracts/src/topology';
import type { QueryRecord } from '../../../service-kit/src/infra/query-shapes';
import { infraUrls, SERVICE_NAMES, TEST_PROFILE } from '../ports';
import { INDEX_EXEMPTIONS } from './exemptions';
import { readIndexCatalog } from './index-catalog';
import { describeUnserved, unservedQueries } from './index-coverage';
import { queryLogFile, readQueryLog } from './query-log-file';

const queryLog = process.env.MONGO_QUERY_LOG ?? queryLogFile(TEST_PROFILE);
const mongoUrl = process.env.SYSTEM_MONGO_URL ?? infraUrls(TEST_PROFILE).MONGO_URL;

/** The database of each service that stores data, as the topology names it. */
const DATABASES = SERVICE_NAMES.flatMap((name) => TOPOLOGY.components[name].uses?.mongo ?? []);

describe('the queries the product sent during the system and browser suites', () => {
  let records: QueryRecord[];

  beforeAll(() => {
    records = readQueryLog(queryLog);
  });

  it('were recorded from every service that stores data', () => {
    expect(new Set(records.map((record) => record.database))).toEqual(new Set(DATABASES));
  });

  it('are each served by an index, or exempt for a stated reason', async () => {
    const client = await MongoClient.connect(mongoUrl);
    try {
      const catalog = await readIndexCatalog(client, records);
      const unserved = unservedQueries(records, catalog, INDEX_EXEMPTIONS);
      expect(describeUnserved(unserved)).toBe('');
    } finally {
      await client.close();
    }
  });
});
