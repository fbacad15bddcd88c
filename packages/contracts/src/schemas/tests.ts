import { z } from 'zod';
import {
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  SOURCE_MAX_LENGTH,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
} from '../constants';
import { OTHER_SOURCE } from '../catalog';
import { VALIDATION } from '../messages';
import { SECTION_KEYS, type SectionKey } from '../sections';
import { blankToUndefined, isoDate } from './common';

const REQUIRED_SCORE_MESSAGE: Record<SectionKey, string> = {
  chemPhys: VALIDATION.chemPhysRequired,
  cars: VALIDATION.carsRequired,
  bio: VALIDATION.bioRequired,
  psychSoc: VALIDATION.psychSocRequired,
};

/** A number typed into a form arrives as text; '' means missing. */
const numeric = (value: unknown): unknown => {
  const v = blankToUndefined(value);
  return typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
};

const sectionScore = (key: SectionKey) =>
  z.preprocess(
    numeric,
    z
      .number({ error: REQUIRED_SCORE_MESSAGE[key] })
      .int('Score must be a whole number')
      .min(SECTION_SCORE_MIN, VALIDATION.sectionScoreTooLow)
      .max(SECTION_SCORE_MAX, VALIDATION.sectionScoreTooHigh),
  );

export const subscoresSchema = z.object({
  chemPhys: sectionScore('chemPhys'),
  cars: sectionScore('cars'),
  bio: sectionScore('bio'),
  psychSoc: sectionScore('psychSoc'),
});
export type Subscores = z.infer<typeof subscoresSchema>;

const totalScore = z
  .number({ error: 'Total score must be a number' })
  .int('Total score must be a whole number')
  .min(TOTAL_SCORE_MIN, VALIDATION.totalTooLow)
  .max(TOTAL_SCORE_MAX, VALIDATION.totalTooHigh);

/** The plain sum of the four sections, or undefined when it cannot be computed. */
export function computeTotalScore(
  subscores: Partial<Record<SectionKey, unknown>>,
): number | undefined {
  const values = SECTION_KEYS.map((key) => numeric(subscores[key]));
  if (!values.every((v): v is number => typeof v === 'number' && Number.isFinite(v))) {
    return undefined;
  }
  const sum = values.reduce((a, b) => a + b, 0);
  return sum >= TOTAL_SCORE_MIN && sum <= TOTAL_SCORE_MAX ? sum : undefined;
}

const source = z
  .string({ error: VALIDATION.sourceRequired })
  .trim()
  .min(1, VALIDATION.sourceRequired)
  .max(SOURCE_MAX_LENGTH, VALIDATION.sourceTooLong);

/**
 * "Date cannot be in the future" is judged on a calendar date. The caller says what today is:
 * the browser its local date, the server the latest date anywhere on Earth (see docs).
 */
export interface TodayProvider {
  (): string;
}

const dateTaken = (today: TodayProvider) =>
  z.preprocess(
    blankToUndefined,
    isoDate(VALIDATION.dateRequired).refine((d) => d <= today(), VALIDATION.dateInFuture),
  );

/** POST and PUT /api/tests. The server computes the total; a differing client total is refused. */
export const testBodySchema = (today: TodayProvider) =>
  z
    .object({
      dateTaken: dateTaken(today),
      source,
      subscores: subscoresSchema,
      totalScore: z.preprocess(numeric, totalScore.optional()),
    })
    .superRefine((v, ctx) => {
      const sum = computeTotalScore(v.subscores);
      if (v.totalScore !== undefined && sum !== undefined && v.totalScore !== sum) {
        ctx.addIssue({
          code: 'custom',
          path: ['totalScore'],
          message: `Total score must equal the sum of the section scores (${sum})`,
        });
      }
    });
export type TestBody = z.infer<ReturnType<typeof testBodySchema>>;

/** The test form: Other needs a custom source, which replaces the source on submit. */
export const testFormSchema = (today: TodayProvider) =>
  z
    .object({
      dateTaken: dateTaken(today),
      source: z
        .string({ error: VALIDATION.sourceRequired })
        .trim()
        .min(1, VALIDATION.sourceRequired)
        .max(SOURCE_MAX_LENGTH, VALIDATION.sourceTooLong),
      customSource: z.string().trim().max(SOURCE_MAX_LENGTH, VALIDATION.sourceTooLong).optional(),
      subscores: subscoresSchema,
      totalScore: z.preprocess(
        numeric,
        z.number({ error: VALIDATION.totalTooLow }).pipe(totalScore),
      ),
    })
    .superRefine((v, ctx) => {
      if (v.source === OTHER_SOURCE && !v.customSource) {
        ctx.addIssue({
          code: 'custom',
          path: ['customSource'],
          message: VALIDATION.customSourceRequired,
        });
      }
    })
    .transform(({ customSource, ...rest }) => ({
      ...rest,
      source: rest.source === OTHER_SOURCE ? (customSource ?? '') : rest.source,
    }));
export type TestFormValues = z.input<ReturnType<typeof testFormSchema>>;

/** PATCH /api/tests/{id}/review: one section flag, or the reset (isComplete false, all four false). */
export const reviewPatchSchema = z.union([
  z
    .object({
      isComplete: z.literal(false),
      sectionsReviewed: z
        .object({
          chemPhys: z.literal(false),
          cars: z.literal(false),
          bio: z.literal(false),
          psychSoc: z.literal(false),
        })
        .strict(),
    })
    .strict(),
  z
    .object({
      sectionsReviewed: z
        .partialRecord(z.enum(SECTION_KEYS), z.boolean())
        .refine((flags) => Object.keys(flags).length === 1, 'Send exactly one section flag'),
    })
    .strict(),
]);
export type ReviewPatch = z.infer<typeof reviewPatchSchema>;
