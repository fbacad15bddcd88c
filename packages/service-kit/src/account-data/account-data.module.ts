import { Module, type DynamicModule } from '@nestjs/common';
import { AccountDataEraser } from './account-data-eraser';
import { accountDataExportController } from './account-data-export.controller';
import {
  ACCOUNT_DATA_ERASE_STEPS,
  ACCOUNT_DATA_EXPORTER,
  type AccountDataEraseSteps,
  type AccountDataOptions,
} from './account-data.options';
import { UserDeletedController } from './user-deleted.consumer';

/** No steps of the service's own: the generic pass alone. */
const NO_ERASE_STEPS: AccountDataEraseSteps = {};

/**
 * A service's part of a student's data and of an account's deletion (docs/adr/0025-account-data.md):
 * the export route auth reads with the service credential, and the `auth.user.deleted` consumer
 * that erases the user's documents. The service says what differs: what its export holds, and the
 * steps of its own around the erasure (the collections it keeps and how it treats them).
 */
@Module({})
export class AccountDataModule {
  static forService(options: AccountDataOptions): DynamicModule {
    const { exporter, eraseSteps } = options;
    return {
      module: AccountDataModule,
      imports: options.imports ?? [],
      controllers: [accountDataExportController(options.internalPath), UserDeletedController],
      providers: [
        ...new Set([exporter, ...(eraseSteps ? [eraseSteps] : [])]),
        ...(options.providers ?? []),
        { provide: ACCOUNT_DATA_EXPORTER, useExisting: exporter },
        eraseSteps
          ? { provide: ACCOUNT_DATA_ERASE_STEPS, useExisting: eraseSteps }
          : { provide: ACCOUNT_DATA_ERASE_STEPS, useValue: NO_ERASE_STEPS },
        AccountDataEraser,
      ],
    };
  }
}
