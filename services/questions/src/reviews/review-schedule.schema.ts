import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A question's re-review schedule: its FSRS card (ts-fsrs's `Card`, field by field) and when it is
 * due. Written at the question's first review; until then the question is a new card due since it
 * was logged (docs/adr/0022-spaced-review.md). Deleted with its question, its test and its user.
 */
@Schema({ collection: 'review_schedules', versionKey: false, timestamps: true })
export class ReviewSchedule {
  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true })
  questionId!: string;

  @Prop({ type: String, required: true })
  testId!: string;

  @Prop({ type: Date, required: true })
  due!: Date;

  @Prop({ type: Number, required: true })
  stability!: number;

  @Prop({ type: Number, required: true })
  difficulty!: number;

  @Prop({ type: Number, required: true })
  elapsedDays!: number;

  @Prop({ type: Number, required: true })
  scheduledDays!: number;

  @Prop({ type: Number, required: true })
  learningSteps!: number;

  /** How many reviews: also what a concurrent review's write is checked against. */
  @Prop({ type: Number, required: true })
  reps!: number;

  @Prop({ type: Number, required: true })
  lapses!: number;

  /** ts-fsrs's `State`: 0 new, 1 learning, 2 review, 3 relearning. */
  @Prop({ type: Number, required: true })
  state!: number;

  @Prop({ type: Date, default: null })
  lastReview!: Date | null;
}

export const ReviewScheduleSchema = SchemaFactory.createForClass(ReviewSchedule)
  .index({ questionId: 1 }, { unique: true })
  .index({ userId: 1, due: 1 })
  .index({ testId: 1 });

/** The reviews module's collections (registered with Mongoose and migrated). */
export const REVIEW_MODELS = [{ name: ReviewSchedule.name, schema: ReviewScheduleSchema }];
