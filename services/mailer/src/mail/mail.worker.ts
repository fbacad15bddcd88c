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
  passwordResetSecretKey,
  type AnyMailJob,
  type MailJobData,
  type MailJobName,
  type PasswordResetMailJob,
} from '@mcat/contracts';
import { inJobTrace, Metrics, runJobInTrace } from '@mcat/service-kit';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import type { Counter } from 'prom-client';
import { renderAccountDeleted } from './account-deleted.template';
import { renderEmailChanged, renderPasswordChanged } from './account-notices.template';
import { isMailJobName, MAIL_JOB_SCHEMAS } from './mail-jobs';
import type { Brand, RenderedMail } from './mail-layout';
import { renderPasswordReset, resetUrl } from './password-reset.template';
import { renderReviewReminder } from './review-reminder.template';
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

/** `skipped`: a reset mail whose token was gone (expired, or the mail was sent before). */
type MailOutcome = 'sent' | 'skipped';
type MailJob = Job<AnyMailJob, MailOutcome, MailJobName>;

/**
 * Works off the `mail` queue: renders each job and sends it. A reset mail's link is built from the
 * token auth left under `passwordResetSecretKey`, read when the mail is sent and deleted once the
 * SMTP server accepted it (a retry after a failed send still finds it). A failed send is retried
 * with exponential backoff (MAIL_DELIVERY); a job that runs out of attempts stays in the failed set,
 * its token deleted. `mail_sent_total` and `mail_failed_total` count the outcomes on /metrics.
 * A job and its log lines run in the trace of the request that queued it (`runJobInTrace`).
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('mail');
  private readonly sent: Counter<'job'>;
  private readonly failed: Counter<'job' | 'final'>;
  private connection: Redis | undefined;
  private worker: Worker<AnyMailJob, MailOutcome, MailJobName> | undefined;

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
    // Each job runs in the trace of the request that queued it: its log lines carry that trace id.
    this.worker = new Worker(
      MAIL_QUEUE,
      (job) => runJobInTrace(`mail ${job.name}`, job.data, () => this.process(job)),
      {
        connection: this.connection,
        concurrency: this.options.concurrency,
        settings: {
          backoffStrategy: (attemptsMade, type) =>
            type === MAIL_DELIVERY.backoffType
              ? retryDelayMs(this.options.firstRetryDelayMs, attemptsMade)
              : -1,
        },
      },
    );
    this.worker.on('completed', (job, outcome) =>
      inJobTrace(job.data, () => {
        if (outcome === 'skipped') {
          this.logger.warn(
            `Skipped ${job.name} mail (job ${job.id}): its link expired or was sent`,
          );
          return;
        }
        this.sent.inc({ job: job.name });
        this.logger.log(`Sent ${job.name} mail (job ${job.id})`);
      }),
    );
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      inJobTrace(job.data, () => {
        const final =
          job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
        this.failed.inc({ job: job.name, final: String(final) });
        this.logger.warn(
          `Sending ${job.name} mail (job ${job.id}) failed on attempt ${job.attemptsMade}${final ? ', giving up' : ''}: ${error.message}`,
        );
        if (final) void this.forgetResetToken(job);
      });
    });
    this.worker.on('error', (error) => this.logger.warn(`Mail worker: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }

  private async process(job: MailJob): Promise<MailOutcome> {
    const name = job.name;
    if (!isMailJobName(name)) throw new UnrecoverableError(`Unknown mail job ${String(name)}`);
    const brand = this.options.brand;
    switch (name) {
      case MAIL_JOBS.passwordReset:
        return this.sendPasswordReset(job, this.dataOf(job, name));
      case MAIL_JOBS.emailChanged: {
        const data = this.dataOf(job, name);
        await this.send(job, data.to, renderEmailChanged(data, brand));
        return 'sent';
      }
      case MAIL_JOBS.passwordChanged: {
        const data = this.dataOf(job, name);
        await this.send(job, data.to, renderPasswordChanged(data, brand));
        return 'sent';
      }
      case MAIL_JOBS.accountDeleted: {
        const data = this.dataOf(job, name);
        await this.send(job, data.to, renderAccountDeleted(data, brand));
        return 'sent';
      }
      case MAIL_JOBS.reviewReminder: {
        const data = this.dataOf(job, name);
        await this.send(job, data.to, renderReviewReminder(data, brand));
        return 'sent';
      }
    }
  }

  private async sendPasswordReset(job: MailJob, data: PasswordResetMailJob): Promise<MailOutcome> {
    const key = passwordResetSecretKey(data.resetId);
    const token = await this.redis().get(key);
    if (token === null) return 'skipped';
    const brand = this.options.brand;
    await this.send(job, data.to, renderPasswordReset(data, resetUrl(brand, token), brand));
    // Sent: the token goes. Should this delete fail, the key still expires with the link.
    await this.redis()
      .del(key)
      .catch((error: Error) => this.logger.warn(`Could not delete ${key}: ${error.message}`));
    return 'sent';
  }

  /** A reset mail that will never be sent leaves no token behind. */
  private async forgetResetToken(job: MailJob): Promise<void> {
    if (job.name !== MAIL_JOBS.passwordReset) return;
    const parsed = MAIL_JOB_SCHEMAS[MAIL_JOBS.passwordReset].safeParse(job.data);
    if (!parsed.success) return;
    const key = passwordResetSecretKey(parsed.data.resetId);
    await this.redis()
      .del(key)
      .catch((error: Error) => this.logger.warn(`Could not delete ${key}: ${error.message}`));
  }

  private dataOf<N extends MailJobName>(job: MailJob, name: N): MailJobData[N] {
    const parsed = MAIL_JOB_SCHEMAS[name].safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`Malformed ${name} mail job ${job.id}`);
    return parsed.data;
  }

  private async send(job: MailJob, to: string, rendered: RenderedMail): Promise<void> {
    await this.smtp.send({
      ...rendered,
      to,
      messageId: `<${job.id}@${new URL(this.options.brand.publicUrl).hostname}>`,
    });
  }

  private redis(): Redis {
    if (!this.connection) throw new Error('The mail worker has not started');
    return this.connection;
  }
}
