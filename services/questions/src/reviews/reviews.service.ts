import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  ERRORS,
  REVIEW_MESSAGES,
  type DueCount,
  type DueQuestion,
  type Question,
  type ReviewedQuestion,
  type ReviewOutcome,
} from '@mcat/contracts';
import { isDuplicateKeyError } from '@mcat/service-kit';
import { testIdOf } from '../questions/question.mapper';
import { QuestionsService } from '../questions/questions.service';
import { cardOf, fieldsOf, GRADES, nextReviewAtByOutcome, scheduler } from './review-card';
import { ReviewSchedule } from './review-schedule.schema';

/** Writes of one review tried while other reviews of the same question land first. */
const REVIEW_WRITE_ATTEMPTS = 5;

/**
 * The spaced re-review of a user's missed questions (docs/adr/0022-spaced-review.md). A question's
 * schedule is written at its first review; before that it is a new card due since it was logged.
 * The questions come from the user's kept list, so a deleted test's questions are never due.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectModel(ReviewSchedule.name) private readonly schedules: Model<ReviewSchedule>,
    private readonly questions: QuestionsService,
  ) {}

  /** The user's questions due at `now`, most overdue first (then oldest logged first). */
  async due(userId: string, now = new Date()): Promise<DueQuestion[]> {
    return (await this.dueCards(userId, now))
      .sort(
        (a, b) =>
          a.card.due.getTime() - b.card.due.getTime() ||
          a.question.createdAt.localeCompare(b.question.createdAt) ||
          a.question._id.localeCompare(b.question._id),
      )
      .map(({ question, card }) => ({
        ...question,
        nextReviewAt: card.due.toISOString(),
        nextReviewAtByOutcome: nextReviewAtByOutcome(card, now),
      }));
  }

  /** How many of the user's questions are due at `now` (what `due` would list). */
  async dueCount(userId: string, now = new Date()): Promise<DueCount> {
    return { due: (await this.dueCards(userId, now)).length };
  }

  /** Each question due at `now` with its card (a new card, due since it was logged, if never reviewed). */
  private async dueCards(userId: string, now: Date) {
    const [questions, schedules] = await Promise.all([
      this.questions.search(userId, {}),
      this.schedules.find({ userId }).lean<ReviewSchedule[]>(),
    ]);
    const byQuestion = new Map(schedules.map((s) => [s.questionId, s]));
    return questions
      .map((question) => ({
        question,
        card: cardOf(byQuestion.get(question._id), new Date(question.createdAt)),
      }))
      .filter(({ card }) => card.due.getTime() <= now.getTime());
  }

  /**
   * Records a review at `now` and answers when the next one falls due. Two reviews of the same
   * question at once: the second to write sees the first's and is scheduled from it.
   */
  async review(userId: string, id: string, outcome: ReviewOutcome): Promise<ReviewedQuestion> {
    const question = await this.live(userId, id);
    const now = new Date();
    for (let attempt = 1; attempt <= REVIEW_WRITE_ATTEMPTS; attempt += 1) {
      const current = await this.schedules
        .findOne({ questionId: id, userId })
        .lean<ReviewSchedule & { _id: unknown }>();
      const card = cardOf(current ?? undefined, new Date(question.createdAt));
      const next = fieldsOf(scheduler.next(card, now, GRADES[outcome]).card);
      if (await this.write(userId, question, current, next)) {
        await this.settle(userId, id, current?.testId ?? testIdOf(question));
        return { ...question, nextReviewAt: next.due.toISOString() };
      }
    }
    // Other reviews of the question kept landing first (or a schedule under its id is not this
    // user's): nothing was recorded.
    throw new ConflictException(REVIEW_MESSAGES.busy);
  }

  /** Whether the schedule was written from `current` (false: another review came first). */
  private async write(
    userId: string,
    question: Question,
    current: (ReviewSchedule & { _id: unknown }) | null,
    next: ReturnType<typeof fieldsOf>,
  ): Promise<boolean> {
    if (current) {
      const result = await this.schedules.updateOne(
        { _id: current._id, reps: current.reps },
        { $set: next },
      );
      return result.matchedCount === 1;
    }
    try {
      await this.schedules.create({
        userId,
        questionId: question._id,
        testId: testIdOf(question),
        ...next,
      });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /**
   * The user's question as the lists show it: 404 if it is another's, deleted, or its test is
   * (the kept list drops a deleted test's questions before their schedules go).
   */
  private async live(userId: string, id: string): Promise<Question> {
    const kept = (await this.questions.search(userId, {})).find((q) => q._id === id);
    if (!kept) throw new NotFoundException(ERRORS.questionNotFound);
    return kept;
  }

  /**
   * After the schedule is written, the question as stored now: deleted meanwhile, it takes the
   * schedule with it (404); moved to another test meanwhile (the move's cascade may have run before
   * the schedule existed), the schedule follows it, so a later deletion of either test finds it.
   */
  private async settle(userId: string, id: string, writtenTestId: string): Promise<void> {
    let stored: Question;
    try {
      await this.live(userId, id);
      stored = await this.questions.get(userId, id);
    } catch (error) {
      if (error instanceof NotFoundException) {
        await this.schedules.deleteOne({ questionId: id, userId });
      }
      throw error;
    }
    const testId = testIdOf(stored);
    if (testId !== writtenTestId) {
      await this.schedules.updateOne({ questionId: id, userId }, { $set: { testId } });
    }
  }
}
