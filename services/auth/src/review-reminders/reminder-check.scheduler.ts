import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { REVIEW_REMINDER_CHECK_JOB, REVIEW_REMINDER_QUEUE } from '@mcat/contracts';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { Clock } from '../clock/clock';
import { ReminderCheck } from './reminder-check';

export const REMINDER_SCHEDULER_OPTIONS = Symbol('REMINDER_SCHEDULER_OPTIONS');

export interface ReminderSchedulerOptions {
  redisUrl: string;
  /** REVIEW_REMINDER_CHECK_MS: how often a check job is added. */
  everyMs: number;
}

/** Every replica upserts the same scheduler: there is one, whatever the number of replicas. */
const SCHEDULER_ID = 'review-reminder-check';
/** A failed upsert (Redis away at start) is tried again this often until it succeeds. */
const RETRY_MS = 5_000;

/**
 * Runs the reminder check on BullMQ (docs/adr/0035-review-reminders.md): a job scheduler adds one
 * `check` job every REVIEW_REMINDER_CHECK_MS to the `review-reminders` queue, and each replica's
 * worker takes jobs from it, one at a time, so a check job runs on one replica only. What a check
 * sends is decided by its conditional writes (ReminderCheck), not by the job: two checks that
 * overlap still send each reminder once.
 */
@Injectable()
export class ReminderCheckScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('review-reminders');
  private queueConnection: Redis | undefined;
  private workerConnection: Redis | undefined;
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    @Inject(REMINDER_SCHEDULER_OPTIONS) private readonly options: ReminderSchedulerOptions,
    private readonly check: ReminderCheck,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.queueConnection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 2 });
    this.queueConnection.on('error', () => undefined);
    this.queue = new Queue(REVIEW_REMINDER_QUEUE, { connection: this.queueConnection });
    // Blocking reads need their own connection that retries forever (BullMQ's requirement).
    this.workerConnection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', (error: Error) =>
      this.logger.warn(`Redis: ${error.message}`),
    );
    this.worker = new Worker(REVIEW_REMINDER_QUEUE, () => this.check.run(this.clock.now()), {
      connection: this.workerConnection,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`Reminder check ${job?.id ?? ''} failed: ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.warn(`Reminder worker: ${error.message}`));
    void this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.retry);
    await this.worker?.close();
    await this.queue?.close();
    for (const connection of [this.workerConnection, this.queueConnection]) {
      await connection?.quit().catch(() => connection.disconnect());
    }
  }

  private async schedule(): Promise<void> {
    try {
      await this.queue?.upsertJobScheduler(
        SCHEDULER_ID,
        { every: this.options.everyMs },
        {
          name: REVIEW_REMINDER_CHECK_JOB,
          opts: { removeOnComplete: true, removeOnFail: 100 },
        },
      );
    } catch (error) {
      this.logger.warn(`Could not schedule the reminder check: ${(error as Error).message}`);
      this.retry = setTimeout(() => void this.schedule(), RETRY_MS);
    }
  }
}
