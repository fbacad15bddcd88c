import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type {
  AccountQuestion,
  AccountReviewSchedule,
  QuestionsAccountData,
  ReviewStateValue,
} from '@mcat/contracts';
import { eraseUserDocuments } from '@mcat/service-kit';
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

/** The questions service's part of a student's data export and of an account's deletion. */
@Injectable()
export class AccountDataService {
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

  /**
   * Every document of the user in this service's database (questions, test summaries, review
   * schedules, plan places, stored answers; any collection with a `userId`), then the kept list.
   */
  async erase(userId: string): Promise<Record<string, number>> {
    const erased = await eraseUserDocuments(this.connection, userId);
    await this.lists.changed([userId]);
    return erased;
  }
}
