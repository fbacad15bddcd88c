import { Injectable, Logger } from '@nestjs/common';
import { MAIL_JOBS, type MailJobData } from '@mcat/contracts';
import { Clock } from '../clock/clock';
import { MailQueue, type NoticeName } from './mail-queue';

/**
 * Notices of account changes, queued in the request that made the change. The change is already
 * stored when they are queued: a queue failure is logged and the request still succeeds (the
 * notice is then lost; see docs/adr/0005-auth-tokens-and-sessions.md).
 */
@Injectable()
export class AccountNotices {
  private readonly logger = new Logger('account-notices');

  constructor(
    private readonly mail: MailQueue,
    private readonly clock: Clock,
  ) {}

  /** To the address the account had before. */
  emailChanged(userId: string, change: { name: string; from: string; to: string }): Promise<void> {
    return this.queue(userId, MAIL_JOBS.emailChanged, {
      to: change.from,
      name: change.name,
      newEmail: change.to,
      changedAt: this.clock.now().toISOString(),
    });
  }

  /** To the account's address, after a change on the profile or a reset through the link. */
  passwordChanged(userId: string, account: { name: string; email: string }): Promise<void> {
    return this.queue(userId, MAIL_JOBS.passwordChanged, {
      to: account.email,
      name: account.name,
      changedAt: this.clock.now().toISOString(),
    });
  }

  /** To the address of an account just deleted. */
  accountDeleted(userId: string, account: { name: string; email: string }): Promise<void> {
    return this.queue(userId, MAIL_JOBS.accountDeleted, {
      to: account.email,
      name: account.name,
      deletedAt: this.clock.now().toISOString(),
    });
  }

  private async queue<N extends NoticeName>(
    userId: string,
    name: N,
    data: MailJobData[N],
  ): Promise<void> {
    try {
      await this.mail.sendNotice(name, data);
    } catch (error) {
      this.logger.error(
        `Could not queue the ${name} notice of user ${userId}: ${(error as Error).message}`,
      );
    }
  }
}
