import { Injectable, type DynamicModule } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import ConnectionString from 'mongodb-connection-string-url';
import type { Connection } from 'mongoose';
import { HealthRegistry } from '../health/health-registry';
import { queryLogOptions } from './query-log';

/**
 * The service's own database: the URL's path or, failing that, `mcat_<service>`, so each service
 * owns its own database on a shared server.
 */
export const serviceDatabaseName = (url: string, service: string): string =>
  new ConnectionString(url).pathname.replace(/^\//, '') || `mcat_${service}`;

/**
 * The service's own MongoDB database (see `serviceDatabaseName`); with MONGO_QUERY_LOG set, the
 * shape of every filter it sends is appended to that file (query-log.ts).
 */
export function mongoModule(
  url: string,
  service: string,
  env: { MONGO_QUERY_LOG?: string } = process.env,
): DynamicModule {
  return MongooseModule.forRoot(url, {
    dbName: serviceDatabaseName(url, service),
    serverSelectionTimeoutMS: 5000,
    // Indexes are created by the service at start (and by the Helm pre-install job in a cluster).
    autoIndex: true,
    ...queryLogOptions(env.MONGO_QUERY_LOG),
  });
}

@Injectable()
export class MongoHealth {
  constructor(@InjectConnection() connection: Connection, health: HealthRegistry) {
    health.register({
      name: 'mongodb',
      isHealthy: async () => {
        if (connection.readyState !== 1 || !connection.db) return false;
        await connection.db.admin().ping();
        return true;
      },
    });
  }
}
