import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { MISTAKE_TYPES, SECTION_NAMES } from '@mcat/contracts';

/** A missed question of one of the user's tests. */
@Schema({
  collection: 'questions',
  versionKey: false,
  timestamps: { createdAt: true, updatedAt: false },
})
export class MissedQuestion {
  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true })
  testId!: string;

  @Prop({ type: String, required: true, enum: SECTION_NAMES })
  section!: string;

  @Prop({ type: Number, required: true, min: 1, validate: Number.isInteger })
  questionNumber!: number;

  @Prop({ type: String, enum: [...MISTAKE_TYPES, ''], default: '' })
  mistakeType!: string;

  @Prop({ type: String, required: true })
  wrongAnswerReason!: string;

  @Prop({ type: String, required: true })
  rightAnswerReason!: string;

  @Prop({ type: String, required: true })
  improvementPlan!: string;

  @Prop({ type: Boolean, default: false })
  ankiCardMade!: boolean;

  @Prop({ type: [String], default: [] })
  topicTags!: string[];

  /** The tags in lower case, so the tag filter ignores case. */
  @Prop({ type: [String], default: [] })
  topicTagKeys!: string[];

  createdAt!: Date;
}

export const MissedQuestionSchema = SchemaFactory.createForClass(MissedQuestion)
  .index({ userId: 1, createdAt: -1 })
  .index({ userId: 1, testId: 1 })
  .index({ testId: 1 });

/** The questions module's collections (registered with Mongoose and migrated). */
export const QUESTION_MODELS = [{ name: MissedQuestion.name, schema: MissedQuestionSchema }];
