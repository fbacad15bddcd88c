import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  encodeQuestionCursor,
  ERRORS,
  LIMITS,
  normalizeTags,
  type Question,
  type QuestionBody,
  type QuestionPage,
  type QuestionPageRequest,
  type QuestionSearch,
} from '@mcat/contracts';
import { PlanLimitsService, type LimitMessages } from '@mcat/service-kit';
import { ReviewSchedule } from '../reviews/review-schedule.schema';
import { TestSummariesService } from '../test-summaries/test-summaries.service';
import { QuestionListCache, type QuestionList } from './question-list.cache';
import { matchesSearch } from './question-filters';
import { comesAfter, placeOf } from './question-order';
import { testIdOf, toApiQuestion, type StoredQuestion } from './question.mapper';
import { MissedQuestion } from './question.schema';

const QUESTION_LIMITS: LimitMessages = {
  free: LIMITS.freeQuestions,
  premium: LIMITS.premiumQuestions,
};

const fieldsOf = (body: QuestionBody) => ({
  testId: body.test.toLowerCase(),
  section: body.section,
  questionNumber: body.questionNumber,
  mistakeType: body.mistakeType ?? '',
  wrongAnswerReason: body.wrongAnswerReason,
  rightAnswerReason: body.rightAnswerReason,
  improvementPlan: body.improvementPlan,
  ankiCardMade: body.ankiCardMade ?? false,
  topicTags: body.topicTags,
  topicTagKeys: body.topicTags.map((t) => t.toLowerCase()),
});

/** A user's missed questions: every query is scoped by the user id, another's is a 404. */
@Injectable()
export class QuestionsService {
  constructor(
    @InjectModel(MissedQuestion.name) private readonly questions: Model<MissedQuestion>,
    @InjectModel(ReviewSchedule.name) private readonly schedules: Model<ReviewSchedule>,
    private readonly tests: TestSummariesService,
    private readonly limits: PlanLimitsService,
    private readonly lists: QuestionListCache,
  ) {}

  /** The user's questions, newest first, as a JSON body (kept until the next change, see QuestionListCache). */
  async listBody(userId: string): Promise<Buffer> {
    return (await this.kept(userId)).body;
  }

  async forTest(userId: string, testId: string): Promise<Question[]> {
    await this.tests.ownedTest(userId, testId);
    return (await this.kept(userId)).questions.filter((q) => testIdOf(q) === testId);
  }

  /** The search filters the user's kept list: the same rules as a query, without a scan. */
  async search(userId: string, query: QuestionSearch): Promise<Question[]> {
    return (await this.kept(userId)).questions.filter(matchesSearch(query));
  }

  /**
   * One page of the search's answer (no filters: of the whole list), cut from the kept list like
   * the search (docs/api-paging.md): the questions right after the cursor's place in the list's
   * order, found by that place rather than by a position, so a question added or deleted between
   * two pages neither repeats nor skips one, and whatever the cursor holds only the caller's
   * questions are read.
   */
  async page(
    userId: string,
    query: QuestionSearch,
    { limit, cursor }: QuestionPageRequest,
  ): Promise<QuestionPage> {
    const matching = (await this.kept(userId)).questions.filter(matchesSearch(query));
    const after = cursor ? matching.findIndex(comesAfter(cursor)) : 0;
    const start = after < 0 ? matching.length : after;
    const end = start + limit;
    const questions = matching.slice(start, end);
    const last = questions[questions.length - 1];
    return {
      questions,
      total: matching.length,
      nextCursor: last && end < matching.length ? encodeQuestionCursor(placeOf(last)) : null,
    };
  }

  async get(userId: string, id: string): Promise<Question> {
    const question = await this.questions.findOne({ _id: id, userId }).lean<StoredQuestion>();
    if (!question) throw new NotFoundException(ERRORS.questionNotFound);
    return toApiQuestion(question, await this.tests.byId(question.testId));
  }

  /** The user's distinct tags, case-insensitively, sorted. */
  async tags(userId: string): Promise<string[]> {
    const tags = (await this.questions.distinct('topicTags', { userId })) as string[];
    return normalizeTags(tags.sort((a, b) => a.localeCompare(b)));
  }

  /** Answers from what it wrote and the test it checked, without reading them back. */
  async create(userId: string, body: QuestionBody): Promise<Question> {
    const fields = fieldsOf(body);
    const test = await this.tests.ownedTest(userId, fields.testId);
    const _id = new Types.ObjectId();
    const id = String(_id);
    await this.limits.reserve(userId, [id], QUESTION_LIMITS, (ids) => this.liveIds(userId, ids));
    let created: StoredQuestion;
    try {
      created = (await this.questions.create({ _id, userId, ...fields })).toObject();
    } catch (error) {
      await this.limits.release(userId, [id]);
      throw error;
    }
    const question = toApiQuestion(created, test);
    await this.lists.added(userId, question);
    // The test's deletion may have been handled while this question was being written.
    if (await this.tests.isDeleted(fields.testId)) {
      await this.lists.removed(userId, (q) => q._id === id);
      await this.deleteForTest(fields.testId);
      throw new NotFoundException(ERRORS.testNotFound);
    }
    return question;
  }

  async update(userId: string, id: string, body: QuestionBody): Promise<Question> {
    const fields = fieldsOf(body);
    await this.tests.ownedTest(userId, fields.testId);
    const result = await this.questions.updateOne(
      { _id: id, userId },
      { $set: fields },
      { runValidators: true },
    );
    if (result.matchedCount === 0) throw new NotFoundException(ERRORS.questionNotFound);
    await this.schedules.updateOne({ questionId: id, userId }, { $set: { testId: fields.testId } });
    await this.lists.changed([userId]);
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await this.questions.deleteOne({ _id: id, userId });
    if (result.deletedCount === 0) throw new NotFoundException(ERRORS.questionNotFound);
    await this.schedules.deleteOne({ questionId: id, userId });
    await this.lists.changed([userId]);
    await this.limits.release(userId, [id]);
  }

  /** Flips ankiCardMade; the write only lands if the flag is still what was read. */
  async toggleAnki(userId: string, id: string): Promise<Question> {
    for (;;) {
      const current = await this.questions.findOne({ _id: id, userId }, { ankiCardMade: 1 }).lean();
      if (!current) throw new NotFoundException(ERRORS.questionNotFound);
      const result = await this.questions.updateOne(
        { _id: id, userId, ankiCardMade: current.ankiCardMade },
        { $set: { ankiCardMade: !current.ankiCardMade } },
      );
      if (result.modifiedCount === 1) {
        await this.lists.changed([userId]);
        return this.get(userId, id);
      }
    }
  }

  /**
   * The physical part of a deleted test's cascade: its questions' review schedules go, their places
   * are given back, then the questions go. Idempotent, and in this order so that a redelivery after a crash in between still
   * finds the questions whose places it releases. The user no longer sees these questions from the
   * moment the test is marked deleted (lists skip them), so the two scans here are not waited for.
   */
  async deleteForTest(testId: string): Promise<number> {
    await this.schedules.deleteMany({ testId });
    const doomed = await this.questions.find({ testId }, { userId: 1 }).lean();
    if (doomed.length === 0) return 0;
    const byUser = new Map<string, string[]>();
    for (const q of doomed) byUser.set(q.userId, [...(byUser.get(q.userId) ?? []), String(q._id)]);
    for (const [userId, ids] of byUser) await this.limits.release(userId, ids);
    await this.questions.deleteMany({ _id: { $in: doomed.map((q) => q._id) } });
    return doomed.length;
  }

  private kept(userId: string): Promise<QuestionList> {
    return this.lists.list(userId, () => this.findAll(userId));
  }

  /** Without the questions of a deleted test: a rebuild during its cascade must not bring them back. */
  private async findAll(userId: string): Promise<Question[]> {
    const found = await this.questions
      .find({ userId })
      .sort({ createdAt: -1, _id: -1 })
      .lean<StoredQuestion[]>();
    const { summaries, deleted } = await this.tests.byIds(found.map((q) => q.testId));
    return found
      .filter((q) => !deleted.has(q.testId))
      .map((q) => toApiQuestion(q, summaries.get(q.testId)));
  }

  private async liveIds(userId: string, ids: string[]): Promise<string[]> {
    const live = await this.questions.find({ _id: { $in: ids }, userId }, { _id: 1 }).lean();
    return live.map((q) => String(q._id));
  }
}
