import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import {
  ANKI_EXPORT_MARK_TTL_S,
  ANKI_MESSAGES,
  type AnkiExportQuery,
  type AnkiMarkResult,
} from '@mcat/contracts';
import { RateLimiter, REDIS } from '@mcat/service-kit';
import { QuestionListCache } from '../questions/question-list.cache';
import { MissedQuestion } from '../questions/question.schema';
import { QuestionsService } from '../questions/questions.service';
import type { QuestionsRateLimitName } from '../rate-limit/rate-limit.policy';
import { prepareApkgWriter, writeApkg } from './apkg-writer';
import { questionNote } from './question-notes';

/** Stable across exports, so Anki updates the same deck and note type (docs/adr/0023-anki-export.md). */
export const ANKI_DECK = {
  deckId: 1_764_000_000_002,
  deckName: 'MCAT Logbook::Missed questions',
  deckDescription:
    'Missed questions exported from MCAT Logbook: each card shows the test, section, question number and topics; the back holds your reasons and plan.',
  modelId: 1_764_000_000_001,
  modelName: 'MCAT Logbook missed question',
} as const;

/** One export's question ids, kept for marking (a user's key: another user's id finds nothing). */
const exportKey = (userId: string, exportId: string) =>
  `questions:anki-export:${userId}:${exportId}`;

export interface AnkiExport {
  file: Buffer;
  count: number;
  /** Names the exported set for marking; null when it could not be kept (Redis away). */
  exportId: string | null;
}

/** The user's questions as an Anki deck, and marking exactly an export's questions afterwards. */
@Injectable()
export class AnkiExportService implements OnModuleInit {
  private readonly logger = new Logger(AnkiExportService.name);

  constructor(
    private readonly questions: QuestionsService,
    @InjectModel(MissedQuestion.name) private readonly stored: Model<MissedQuestion>,
    private readonly lists: QuestionListCache,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly rateLimiter: RateLimiter<QuestionsRateLimitName>,
  ) {}

  /** The writer warms up (sql.js's wasm, a one-note deck) in the background as the service starts. */
  onModuleInit(): void {
    prepareApkgWriter().catch((error: unknown) =>
      this.logger.warn(`Anki writer not warmed up: ${(error as Error).message}`),
    );
  }

  /**
   * The questions the search's filters select (the whole set without filters), newest first; 429
   * beyond the account's exports allowed (QUESTIONS_RATE_LIMIT_POLICY).
   */
  async export(userId: string, filters: AnkiExportQuery): Promise<AnkiExport> {
    await this.rateLimiter.consume({ ankiExportPerUser: userId });
    const questions = await this.questions.search(userId, filters);
    const file = await writeApkg({
      ...ANKI_DECK,
      notes: questions.map(questionNote),
      now: new Date(),
    });
    const exportId = await this.keep(
      userId,
      questions.map((q) => q._id),
    );
    return { file, count: questions.length, exportId };
  }

  /** Sets ankiCardMade on the export's questions that still exist; only the caller's. */
  async mark(userId: string, exportId: string): Promise<AnkiMarkResult> {
    let kept: string | null;
    try {
      kept = await this.redis.get(exportKey(userId, exportId));
    } catch (error) {
      this.logger.warn(`Anki export not read: ${(error as Error).message}`);
      throw new ServiceUnavailableException(ANKI_MESSAGES.markUnavailable);
    }
    if (kept === null) throw new NotFoundException(ANKI_MESSAGES.exportUnknown);
    const ids = kept === '' ? [] : kept.split(',');
    const { matchedCount } =
      ids.length === 0
        ? { matchedCount: 0 }
        : await this.stored.updateMany(
            { _id: { $in: ids }, userId },
            { $set: { ankiCardMade: true } },
          );
    await this.lists.changed([userId]);
    return { marked: matchedCount, message: ANKI_MESSAGES.marked(matchedCount) };
  }

  private async keep(userId: string, ids: readonly string[]): Promise<string | null> {
    const exportId = randomUUID();
    try {
      await this.redis.set(
        exportKey(userId, exportId),
        ids.join(','),
        'EX',
        ANKI_EXPORT_MARK_TTL_S,
      );
      return exportId;
    } catch (error) {
      this.logger.warn(`Anki export not kept for marking: ${(error as Error).message}`);
      return null;
    }
  }
}
