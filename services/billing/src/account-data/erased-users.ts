import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/** The collection of the accounts whose personal data billing has erased (kept by the erasure). */
export const ERASED_USERS = 'erased_users';

interface ErasedUser {
  _id: string;
  erasedAt: Date;
}

/**
 * Which accounts were deleted, by id only: the payment provider keeps sending events about their
 * payments (a refund, a dispute, a late retry), and what they carry of the person must not be
 * stored again after the erasure (docs/adr/0025-account-data.md).
 */
@Injectable()
export class ErasedUsers {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get users() {
    return this.connection.collection<ErasedUser>(ERASED_USERS);
  }

  /** Recorded before the erasure starts, so an event stored meanwhile is caught by one side. */
  async mark(userId: string): Promise<void> {
    await this.users.updateOne(
      { _id: userId },
      { $setOnInsert: { erasedAt: new Date() } },
      { upsert: true },
    );
  }

  async isErased(userId: string): Promise<boolean> {
    return (await this.users.countDocuments({ _id: userId }, { limit: 1 })) > 0;
  }
}
