import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  MAIL_DELIVERY,
  MAIL_JOBS,
  MAIL_QUEUE,
  passwordResetJobId,
  type PasswordResetMailJob,
} from '@mcat/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';

export const MAIL_REDIS_URL = Symbol('MAIL_REDIS_URL');

/** Puts reset mails on the BullMQ queue the mailer works off. */
@Injectable()
export class ResetMailQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue<PasswordResetMailJob>;

  constructor(@Inject(MAIL_REDIS_URL) redisUrl: string) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
    this.connection.on('error', () => undefined);
    this.queue = new Queue<PasswordResetMailJob>(MAIL_QUEUE, { connection: this.connection });
  }

  /** One job per token: enqueuing the same token again adds nothing. */
  async enqueue(mail: PasswordResetMailJob, tokenHash: string): Promise<void> {
    await this.queue.add(MAIL_JOBS.passwordReset, mail, {
      jobId: passwordResetJobId(tokenHash),
      attempts: MAIL_DELIVERY.attempts,
      backoff: { type: MAIL_DELIVERY.backoffType },
      // The job holds a live link: drop it an hour after it is sent; keep failures for inspection.
      removeOnComplete: { age: 3600 },
      removeOnFail: false,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
