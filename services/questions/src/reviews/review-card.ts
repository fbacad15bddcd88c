import { createRequire } from 'node:module';
import type * as TsFsrs from 'ts-fsrs' with { 'resolution-mode': 'import' };
import type { Card, Grade, State } from 'ts-fsrs' with { 'resolution-mode': 'import' };
import type { ReviewOutcome } from '@mcat/contracts';
import type { ReviewSchedule } from './review-schedule.schema';

/**
 * ts-fsrs ships a CommonJS build (its `require` export) but declares its types as an ES module
 * only, which TypeScript will not import into this CommonJS service: the CommonJS build is loaded
 * and given those types.
 */
const { createEmptyCard, fsrs, Rating } = createRequire(__filename)('ts-fsrs') as typeof TsFsrs;

/**
 * The scheduler every review goes through (docs/adr/0022-spaced-review.md): FSRS's defaults, one
 * ten-minute learning and relearning step (again brings a question back later the same session)
 * and no fuzz, so the times the review screen shows for each outcome are the ones it gets.
 */
export const scheduler = fsrs({
  enable_fuzz: false,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
});

export const GRADES: Record<ReviewOutcome, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The card state a schedule stores, ts-fsrs's `Card` field by field. */
export type CardFields = Pick<
  ReviewSchedule,
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
>;

/** A stored schedule's card, or, for a question never reviewed, a new card due since `loggedAt`. */
export const cardOf = (schedule: CardFields | undefined, loggedAt: Date): Card =>
  schedule
    ? {
        due: schedule.due,
        stability: schedule.stability,
        difficulty: schedule.difficulty,
        elapsed_days: schedule.elapsedDays,
        scheduled_days: schedule.scheduledDays,
        learning_steps: schedule.learningSteps,
        reps: schedule.reps,
        lapses: schedule.lapses,
        state: schedule.state as State,
        last_review: schedule.lastReview ?? undefined,
      }
    : createEmptyCard(loggedAt);

export const fieldsOf = (card: Card): CardFields => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  lastReview: card.last_review ?? null,
});

/** When each outcome, recorded at `now`, would bring the card back. */
export const nextReviewAtByOutcome = (card: Card, now: Date): Record<ReviewOutcome, string> => {
  const preview = scheduler.repeat(card, now);
  return {
    again: preview[Rating.Again].card.due.toISOString(),
    hard: preview[Rating.Hard].card.due.toISOString(),
    good: preview[Rating.Good].card.due.toISOString(),
    easy: preview[Rating.Easy].card.due.toISOString(),
  };
};
