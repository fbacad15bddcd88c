import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  MAIL_DELIVERY,
  MAIL_JOBS,
  MAIL_QUEUE,
  type MailJobName,
  type PasswordResetMailJob,
} from '@mcat/contracts';
import { Metrics } from '@mcat/service-kit';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import type { Counter } from 'prom-client';
import { renderPasswordReset, type Brand } from './password-reset.template';
import { SmtpSender } from './smtp-sender';

export const MAIL_WORKER_OPTIONS = Symbol('MAIL_WORKER_OPTIONS');

export interface MailWorkerOptions {
  redisUrl: string;
  brand: Brand;
  /** Wait before the first retry; each later one waits twice as long. */
  firstRetryDelayMs: number;
  concurrency: number;
}

/** Retry n (1-based) waits first · 2^(n-1): 20 s, 40 s, 80 s, 160 s, 320 s by default. */
export const retryDelayMs = (firstRetryDelayMs: number, attemptsMade: number): number =>
  firstRetryDelayMs * 2 ** Math.max(0, attemptsMade - 1);

/**
 * Works off the `mail` queue: renders each job and sends it. A failed send is retried with
 * exponential backoff (MAIL_DELIVERY); a job that runs out of attempts stays in the failed set.
 * `mail_sent_total` and `mail_failed_total` count the outcomes on /metrics.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('mail');
  private readonly sent: Counter<'job'>;
  private readonly failed: Counter<'job' | 'final'>;
  private connection: Redis | undefined;
  private worker: Worker<PasswordResetMailJob, void, MailJobName> | undefined;

  constructor(
    @Inject(MAIL_WORKER_OPTIONS) private readonly options: MailWorkerOptions,
    private readonly smtp: SmtpSender,
    metrics: Metrics,
  ) {
    this.sent = metrics.counter('mail_sent_total', 'Mails handed to the SMTP server', ['job']);
    this.failed = metrics.counter(
      'mail_failed_total',
      'Failed send attempts; final="true" when the job has no attempts left',
      ['job', 'final'],
    );
  }

  onApplicationBootstrap(): void {
    // Blocking reads need their own connection that retries forever (BullMQ's requirement).
    this.connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    this.worker = new Worker(MAIL_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      concurrency: this.options.concurrency,
      settings: {
        backoffStrategy: (attemptsMade, type) =>
          type === MAIL_DELIVERY.backoffType
            ? retryDelayMs(this.options.firstRetryDelayMs, attemptsMade)
            : -1,
      },
    });
    this.worker.on('completed', (job) => {
      this.sent.inc({ job: job.name });
      this.logger.log(`Sent ${job.name} mail (job ${job.id})`);
    });
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      const final =
        job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
      this.failed.inc({ job: job.name, final: String(final) });
      this.logger.warn(
        `Sending ${job.name} mail (job ${job.id}) failed on attempt ${job.attemptsMade}${final ? ', giving up' : ''}: ${error.message}`,
      );
    });
    this.worker.on('error', (error) => this.logger.warn(`Mail worker: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }

  private async process(job: Job<PasswordResetMailJob, void, MailJobName>): Promise<void> {
    if (job.name !== MAIL_JOBS.passwordReset) {
      throw new UnrecoverableError(`Unknown mail job ${job.name}`);
    }
    const rendered = renderPasswordReset(job.data, this.options.brand);
    await this.smtp.send({
      ...rendered,
      to: job.data.to,
      messageId: `<${job.id}@${new URL(this.options.brand.publicUrl).hostname}>`,
    });
  }
}
