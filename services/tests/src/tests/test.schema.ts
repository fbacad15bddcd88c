import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import {
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  SOURCE_MAX_LENGTH,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
} from '@mcat/contracts';
import { outboxPlugin } from '@mcat/service-kit';

const sectionScore = {
  type: Number,
  required: true,
  min: SECTION_SCORE_MIN,
  max: SECTION_SCORE_MAX,
  validate: Number.isInteger,
};

@Schema({ _id: false, versionKey: false })
export class Subscores {
  @Prop(sectionScore) chemPhys!: number;
  @Prop(sectionScore) cars!: number;
  @Prop(sectionScore) bio!: number;
  @Prop(sectionScore) psychSoc!: number;
}

@Schema({ _id: false, versionKey: false })
export class SectionsReviewed {
  @Prop({ type: Boolean, default: false }) chemPhys!: boolean;
  @Prop({ type: Boolean, default: false }) cars!: boolean;
  @Prop({ type: Boolean, default: false }) bio!: boolean;
  @Prop({ type: Boolean, default: false }) psychSoc!: boolean;
}

@Schema({ _id: false, versionKey: false })
export class Review {
  @Prop({ type: Boolean, default: false }) isComplete!: boolean;
  @Prop({ type: SchemaFactory.createForClass(SectionsReviewed), default: () => ({}) })
  sectionsReviewed!: SectionsReviewed;
}

/** A practice test a student logged. Deletes are soft until the outbox relay has sent the event. */
@Schema({
  collection: 'tests',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class PracticeTest {
  @Prop({ type: String, required: true })
  userId!: string;

  /** The calendar date the student picked, at UTC midnight. */
  @Prop({ type: Date, required: true })
  dateTaken!: Date;

  @Prop({ type: String, required: true, trim: true, minlength: 1, maxlength: SOURCE_MAX_LENGTH })
  source!: string;

  @Prop({ type: SchemaFactory.createForClass(Subscores), required: true })
  subscores!: Subscores;

  @Prop({
    type: Number,
    required: true,
    min: TOTAL_SCORE_MIN,
    max: TOTAL_SCORE_MAX,
    validate: Number.isInteger,
  })
  totalScore!: number;

  @Prop({ type: SchemaFactory.createForClass(Review), default: () => ({}) })
  review!: Review;

  @Prop({ type: Date, default: null })
  deletedAt!: Date | null;

  createdAt!: Date;
}

export type PracticeTestDocument = HydratedDocument<PracticeTest>;

export const PracticeTestSchema = SchemaFactory.createForClass(PracticeTest)
  .index({ userId: 1, deletedAt: 1, dateTaken: -1 })
  .plugin(outboxPlugin);

/** The tests module's collections (registered with Mongoose and migrated). */
export const TEST_MODELS = [{ name: PracticeTest.name, schema: PracticeTestSchema }];
