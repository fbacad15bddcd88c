import type { ModuleMetadata, Provider, Type } from '@nestjs/common';

/** A service's part of a student's data export (docs/adr/0025-account-data.md). */
export interface AccountDataExporter<Data extends object = object> {
  /** Everything of the user's this service holds, as `packages/contracts`' account-data schemas say. */
  export(userId: string): Promise<Data>;
}

/**
 * What a service does itself when an account is deleted, around the kit's generic pass
 * (`eraseUserDocuments`, which deletes every document of the user in the service's database).
 */
export interface AccountDataEraseSteps {
  /** Collections the service treats itself (billing keeps its payment records, anonymised). */
  readonly keptCollections?: readonly string[];
  /** Runs before the generic pass; answers what it changed, by what, for the log. */
  beforeErase?(userId: string): Promise<Record<string, number>>;
  /** Runs once the generic pass is done (questions: a new version of the kept question list). */
  afterErase?(userId: string): Promise<void>;
}

export interface AccountDataOptions {
  /**
   * The prefix of the export route, under the service's own `/internal/<service>` prefix: the route
   * is `GET /<internalPath>/:id/export`. Written out in the service, where the topology check
   * (`packages/runner/src/topology`) reads which service owns the path.
   */
  internalPath: `internal/${string}/users`;
  /** The modules whose providers the exporter and the erase steps inject. */
  imports?: ModuleMetadata['imports'];
  /** Makes a user's part of the export. */
  exporter: Type<AccountDataExporter>;
  /** The service's own erase steps; without them, the generic pass alone. */
  eraseSteps?: Type<AccountDataEraseSteps>;
  /** Further providers the exporter or the erase steps inject (billing's `ErasedUsers`). */
  providers?: Provider[];
}

export const ACCOUNT_DATA_EXPORTER = Symbol('ACCOUNT_DATA_EXPORTER');
export const ACCOUNT_DATA_ERASE_STEPS = Symbol('ACCOUNT_DATA_ERASE_STEPS');
