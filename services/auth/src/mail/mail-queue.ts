import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  MAIL_DELIVERY,
  MAIL_JOBS,
  MAIL_QUEUE,
  passwordResetJobId,
  passwordResetSecretKey,
  reviewReminderJobId,
  type AnyMailJob,
  type MailJobData,
  type MailJobName,
  type ReviewReminderMailJob,
} from '@mcat/contracts';
import { withTrace, type TracedJobData } from '@mcat/service-kit';
import { Queue, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';

export const MAIL_REDIS_URL = Symbol('MAIL_REDIS_URL');

export type NoticeName = Exclude<
  MailJobName,
  typeof MAIL_JOBS.passwordReset | typeof MAIL_JOBS.reviewReminder
>;

/** A reset mail as auth knows it: the token travels apart from the job (see `sendPasswordReset`). */
export interface ResetMail {
  to: string;
  name: string;
  token: string;
  /** sha256 of the token, hex: the job's and the Redis key's id. */
  tokenHash: string;
  expiresAt: Date;
  /** Now, as the service's clock has it: the token's key lives until `expiresAt`. */
  now: Date;
}

// Sent jobs go at once; failed ones stay for inspection. Neither holds a secret.
const DELIVERY: JobsOptions = {
  attempts: MAIL_DELIVERY.attempts,
  backoff: { type: MAIL_DELIVERY.backoffType },
  removeOnComplete: true,
  removeOnFail: false,
};

/**
 * Puts mails on the BullMQ queue the mailer works off. Each job's data carries the trace of the
 * request that queued it (`trace`: traceparent and request id), so the mailer's log lines for it
 * carry the same ids.
 */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue<TracedJobData<AnyMailJob>, unknown, MailJobName>;

  constructor(@Inject(MAIL_REDIS_URL) redisUrl: string) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
    this.connection.on('error', () => undefined);
    this.queue = new Queue(MAIL_QUEUE, { connection: this.connection });
  }

  /**
   * The token goes to its own Redis key, living as long as the link, and the job names that key:
   * whoever reads the queue reads no link. The mailer deletes the key once the mail is sent. One
   * job per token: enqueuing the same token again while it waits adds nothing.
   */
  async sendPasswordReset(mail: ResetMail): Promise<void> {
    const ttlMs = Math.max(1, mail.expiresAt.getTime() - mail.now.getTime());
    await this.connection.set(passwordResetSecretKey(mail.tokenHash), mail.token, 'PX', ttlMs);
    await this.queue.add(
      MAIL_JOBS.passwordReset,
      withTrace({
        to: mail.to,
        name: mail.name,
        resetId: mail.tokenHash,
        expiresAt: mail.expiresAt.toISOString(),
      }),
      { ...DELIVERY, jobId: passwordResetJobId(mail.tokenHash) },
    );
  }

  /** A notice; its job id is derived from what it says, so the same notice is queued once. */
  async sendNotice<N extends NoticeName>(name: N, data: MailJobData[N]): Promise<void> {
    const digest = createHash('sha256').update(JSON.stringify(data)).digest('hex');
    await this.queue.add(name, withTrace<AnyMailJob>(data), {
      ...DELIVERY,
      jobId: `${name}-${digest}`,
    });
  }

  /**
   * A student's reminder for one local date: its job id is the student's and the date's, so a
   * second one queued for the same date while the first waits adds nothing.
   */
  async sendReviewReminder(userId: string, data: ReviewReminderMailJob): Promise<void> {
    await this.queue.add(MAIL_JOBS.reviewReminder, withTrace<AnyMailJob>(data), {
      ...DELIVERY,
      jobId: reviewReminderJobId(userId, data.localDate),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
