import { z } from 'zod';
import { ANKI_STATUSES, MISTAKE_TYPES } from '../catalog';
import { QUESTION_TEXT_MAX_LENGTH, TOPIC_TAG_MAX_LENGTH, TOPIC_TAGS_MAX } from '../constants';
import { TOO_LONG, VALIDATION } from '../messages';
import { SECTION_NAMES } from '../sections';
import { blankToUndefined, objectId, requiredText } from './common';

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

/** GET /api/questions/search. Empty parameters are ignored; unknown values answer 400. */
export const questionSearchSchema = z
  .object({
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
  })
  .strict();
export type QuestionSearch = z.infer<typeof questionSearchSchema>;
