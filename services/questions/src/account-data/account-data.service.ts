import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type {
  AccountQuestion,
  AccountReviewSchedule,
  QuestionsAccountData,
  ReviewStateValue,
} from '@mcat/contracts';
import type { AccountDataEraseSteps, AccountDataExporter } from '@mcat/service-kit';
import type { Connection } from 'mongoose';
import { QuestionListCache } from '../questions/question-list.cache';
import { QuestionsService } from '../questions/questions.service';

/** Read by name: the schedules belong to the reviews module, whatever fields it adds later. */
const REVIEW_SCHEDULES = 'review_schedules';

/** The schedule's keys that are not its state: who and what it is for, and when it is due. */
const NOT_STATE = new Set(['_id', 'userId', 'questionId', 'due', 'outbox', 'deletedAt', '__v']);

interface StoredSchedule {
  userId: string;
  questionId: string;
  due: Date;
  [field: string]: unknown;
}

const stateValue = (value: unknown): ReviewStateValue | undefined => {
  if (value instanceof Date) return value.toISOString();
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    return value as ReviewStateValue;
  }
  return undefined;
};

function toAccountSchedule(schedule: StoredSchedule): AccountReviewSchedule {
  const state: Record<string, ReviewStateValue> = {};
  for (const [key, value] of Object.entries(schedule)) {
    const scalar = NOT_STATE.has(key) ? undefined : stateValue(value);
    if (scalar !== undefined) state[key] = scalar;
  }
  return { nextReviewAt: new Date(schedule.due).toISOString(), state };
}

/**
 * The questions service's part of a student's data export and of an account's deletion: the kit's
 * generic pass takes every document of the user (questions, test summaries, review schedules, plan
 * places, stored answers; any collection with a `userId`), then the kept list goes.
 */
@Injectable()
export class AccountDataService
  implements AccountDataExporter<QuestionsAccountData>, AccountDataEraseSteps
{
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly questions: QuestionsService,
    private readonly lists: QuestionListCache,
  ) {}

  /** Every question of the user's, each with its review schedule (null without one). */
  async export(userId: string): Promise<QuestionsAccountData> {
    const [questions, schedules] = await Promise.all([
      this.questions.search(userId, {}),
      this.connection.collection<StoredSchedule>(REVIEW_SCHEDULES).find({ userId }).toArray(),
    ]);
    const byQuestion = new Map(schedules.map((s) => [s.questionId, toAccountSchedule(s)]));
    const exported: AccountQuestion[] = questions.map((question) => ({
      ...question,
      review: byQuestion.get(question._id) ?? null,
    }));
    return { questions: exported };
  }

  /** Once the user's documents are gone: a new list version, so no replica serves the old list. */
  async afterErase(userId: string): Promise<void> {
    await this.lists.changed([userId]);
  }
}
