import { z } from 'zod';
import { ANKI_STATUSES, MISTAKE_TYPES } from '../catalog';
import {
  QUESTION_CURSOR_MAX_LENGTH,
  QUESTION_PAGE_LIMIT_MAX,
  QUESTION_TEXT_MAX_LENGTH,
  TOPIC_TAG_MAX_LENGTH,
  TOPIC_TAGS_MAX,
} from '../constants';
import { PAGING_MESSAGES, TOO_LONG, VALIDATION } from '../messages';
import { SECTION_NAMES } from '../sections';
import { blankToUndefined, objectId, requiredText } from './common';
import { decodeQuestionCursor, type QuestionCursor } from './question-cursor';

/** Trimmed, blanks dropped, duplicates removed case-insensitively keeping the first spelling. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      out.push(tag);
    }
  }
  return out;
}

const questionNumber = z.preprocess(
  (value) => {
    const v = blankToUndefined(value);
    return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  },
  z
    .number({ error: VALIDATION.questionNumberRequired })
    .positive(VALIDATION.questionNumberPositive)
    .int(VALIDATION.questionNumberInteger),
);

/** POST and PUT /api/questions, and the question form. */
export const questionBodySchema = z.object({
  test: objectId(VALIDATION.testRequired),
  section: z.enum(SECTION_NAMES, { error: VALIDATION.sectionRequired }),
  questionNumber,
  mistakeType: z.union([z.enum(MISTAKE_TYPES), z.literal('')]).optional(),
  wrongAnswerReason: requiredText(VALIDATION.wrongAnswerReasonRequired).max(
    QUESTION_TEXT_MAX_LENGTH,
    TOO_LONG.wrongAnswerReason,
  ),
  rightAnswerReason: requiredText(VALIDATION.rightAnswerReasonRequired).max(
    QUESTION_TEXT_MAX_LENGTH,
    TOO_LONG.rightAnswerReason,
  ),
  improvementPlan: requiredText(VALIDATION.improvementPlanRequired).max(
    QUESTION_TEXT_MAX_LENGTH,
    TOO_LONG.improvementPlan,
  ),
  ankiCardMade: z.boolean({ error: 'ankiCardMade must be true or false' }).optional(),
  topicTags: z
    .array(
      z
        .string({ error: 'Each topic tag must be text' })
        .trim()
        .max(TOPIC_TAG_MAX_LENGTH, TOO_LONG.topicTag),
    )
    .max(TOPIC_TAGS_MAX, TOO_LONG.topicTags)
    .optional()
    .transform((tags) => normalizeTags(tags ?? [])),
});
export type QuestionBody = z.infer<typeof questionBodySchema>;
export type QuestionFormValues = z.input<typeof questionBodySchema>;

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

/** The filters of GET /api/questions/search. Empty parameters are ignored; unknown values answer 400. */
export const questionFilters = z.object({
  testId: optionalFilter(objectId('testId must be a test id')),
  section: optionalFilter(z.enum(SECTION_NAMES, { error: 'Unknown section' })),
  mistakeType: optionalFilter(z.enum(MISTAKE_TYPES, { error: 'Unknown mistake type' })),
  ankiStatus: optionalFilter(
    z.enum(ANKI_STATUSES, { error: 'ankiStatus must be "made" or "not made"' }),
  ),
  topicTag: optionalFilter(
    z
      .string({ error: 'topicTag must be text' })
      .trim()
      .max(TOPIC_TAG_MAX_LENGTH, TOO_LONG.topicTagFilter),
  ),
});
export type QuestionSearch = z.infer<typeof questionFilters>;

/** A whole number from 1 to QUESTION_PAGE_LIMIT_MAX, in digits only ('1.5', '1e2', ' 5' are refused). */
const pageLimit = z
  .string({ error: PAGING_MESSAGES.limit })
  .regex(/^\d{1,3}$/, PAGING_MESSAGES.limit)
  .transform(Number)
  .refine((limit) => limit >= 1 && limit <= QUESTION_PAGE_LIMIT_MAX, PAGING_MESSAGES.limit);

/** A cursor the service gave out, read back into the place it names. */
const pageCursor = z
  .string({ error: PAGING_MESSAGES.cursor })
  .max(QUESTION_CURSOR_MAX_LENGTH, PAGING_MESSAGES.cursor)
  .transform((token, context) => {
    const cursor = decodeQuestionCursor(token);
    if (cursor) return cursor;
    context.issues.push({ code: 'custom', message: PAGING_MESSAGES.cursor, input: token });
    return z.NEVER;
  });

/**
 * The paging parameters (docs/api-paging.md). Without `limit` a list answers as a whole, as the
 * spec has it; with it, one page (`QuestionPage`), after `cursor` when one is given.
 */
const paging = { limit: pageLimit.optional(), cursor: pageCursor.optional() };

const cursorHasLimit = (query: { limit?: number; cursor?: QuestionCursor }): boolean =>
  query.cursor === undefined || query.limit !== undefined;

/** GET /api/questions. Other parameters are ignored, as they were before paging. */
export const questionListQuerySchema = z
  .object(paging)
  .refine(cursorHasLimit, PAGING_MESSAGES.cursorWithoutLimit);
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

/** GET /api/questions/search: the filters and the paging parameters; any other answers 400. */
export const questionSearchSchema = questionFilters
  .extend(paging)
  .strict()
  .refine(cursorHasLimit, PAGING_MESSAGES.cursorWithoutLimit);
export type QuestionSearchQuery = z.infer<typeof questionSearchSchema>;

/** One page asked for: at most `limit` questions, after `cursor`'s place or from the start. */
export interface QuestionPageRequest {
  limit: number;
  cursor?: QuestionCursor;
}
