import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  ACCOUNT_DATA_MESSAGES,
  AUTH_MESSAGES,
  type AccountDataExport,
  type DeleteAccountBody,
  type MessageResponse,
} from '@mcat/contracts';
import { ApiException } from '@mcat/service-kit';
import type { Model } from 'mongoose';
import { Clock } from '../clock/clock';
import { AccountNotices } from '../mail/account-notices';
import { PasswordHasher } from '../passwords/password-hasher';
import { ResetToken } from '../password-reset/reset-token.schema';
import { SessionVersionStore } from '../sessions/session-version-store';
import { User } from '../users/user.schema';
import { toUserView } from '../users/user.view';
import { userDeleted } from './account-data.events';
import { ServiceExportsClient } from './service-exports.client';

/** Writes of the deletion tried while other profile changes keep coming in between. */
const DELETE_ATTEMPTS = 3;

/**
 * The student's own data: the export assembled from every service, and the deletion of the
 * account (docs/adr/0025-account-data.md).
 */
@Injectable()
export class AccountDataService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(ResetToken.name) private readonly resetTokens: Model<ResetToken>,
    private readonly hasher: PasswordHasher,
    private readonly sessionVersions: SessionVersionStore,
    private readonly notices: AccountNotices,
    private readonly exports: ServiceExportsClient,
    private readonly clock: Clock,
  ) {}

  /** Everything of the user's, or 503 when any service cannot answer (never a partial file). */
  async export(userId: string): Promise<AccountDataExport> {
    const user = await this.users.findById(userId).lean();
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    const [tests, questions, billing] = await Promise.all([
      this.exports.tests(userId),
      this.exports.questions(userId),
      this.exports.billing(userId),
    ]);
    return {
      exportedAt: this.clock.now().toISOString(),
      profile: toUserView(user),
      tests: tests.tests,
      questions: questions.questions,
      payments: billing.payments,
      purchases: billing.purchases,
    };
  }

  /**
   * Checks the password, then in one write: marks the user deleted, frees the e-mail address (the
   * unique index holds the stored document until the relay has published its event), bumps the
   * session version and queues `auth.user.deleted`. The new version goes to Redis at once, so every
   * token of the account answers 401 at every service (and stays refused after a Redis re-sync, see
   * `SessionVersionStore.retire`); the confirmation mail follows.
   */
  async delete(userId: string, body: DeleteAccountBody): Promise<MessageResponse> {
    let user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    if (!(await this.hasher.verify(user.passwordHash, body.password))) {
      throw new ApiException('VALIDATION', ACCOUNT_DATA_MESSAGES.deletePasswordIncorrect);
    }
    // The version the checked password and this session belong to: the write only lands on it, so
    // the version retired below is the stored one even if a password change raced the check.
    const { sessionVersion } = user;
    for (let attempt = 1; ; attempt += 1) {
      const { modifiedCount } = await this.users.updateOne(
        { _id: user._id, revision: user.revision, sessionVersion },
        {
          $set: {
            deletedAt: this.clock.now(),
            email: `deleted-${userId}@deleted.invalid`,
            passwordHash: '',
          },
          $inc: { sessionVersion: 1, revision: 1 },
          $push: { outbox: userDeleted(userId) },
        },
      );
      if (modifiedCount === 1) break;
      user = await this.users.findById(userId);
      // Deleted, signed out everywhere or given a new password meanwhile: this session has ended.
      if (!user || user.sessionVersion !== sessionVersion) {
        throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
      }
      // Only another change of the profile came in between: tried again on the new revision.
      if (attempt === DELETE_ATTEMPTS) {
        throw new ConflictException(ACCOUNT_DATA_MESSAGES.deleteConflict);
      }
    }
    await this.sessionVersions.retire(userId, sessionVersion + 1);
    // An unused reset link of the account: nothing of the person is kept.
    await this.resetTokens.deleteMany({ userId: user._id });
    await this.notices.accountDeleted(userId, { name: user.name, email: user.email });
    return { message: ACCOUNT_DATA_MESSAGES.deleted };
  }
}
