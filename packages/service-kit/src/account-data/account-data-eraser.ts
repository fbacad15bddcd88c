import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ACCOUNT_DATA_ERASE_STEPS, type AccountDataEraseSteps } from './account-data.options';
import { eraseUserDocuments } from './erase-user-documents';

/**
 * A deleted account's data in this service: the service's steps before, every document of the user
 * (`eraseUserDocuments`, leaving the collections the steps keep), the service's steps after.
 * Idempotent when the steps are: a repeated erasure finds nothing left to change.
 */
@Injectable()
export class AccountDataEraser {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(ACCOUNT_DATA_ERASE_STEPS) private readonly steps: AccountDataEraseSteps,
  ) {}

  /** Answers how many documents each collection lost, and what the service's steps changed. */
  async erase(userId: string): Promise<Record<string, number>> {
    const changed = (await this.steps.beforeErase?.(userId)) ?? {};
    const erased = await eraseUserDocuments(
      this.connection,
      userId,
      this.steps.keptCollections ?? [],
    );
    await this.steps.afterErase?.(userId);
    return { ...erased, ...changed };
  }
}
