import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Local projection of a test (owned by the tests service): who owns it and what a question shows
 * of it. Fed by tests events and by the read-through; a deleted test stays as a tombstone so a
 * late event cannot bring it back.
 */
@Schema({ collection: 'test_summaries', versionKey: false })
export class TestSummaryRecord {
  /** The test id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true })
  source!: string;

  @Prop({ type: Date, required: true })
  dateTaken!: Date;

  /** When the facts were true at the source; an older event never overwrites newer facts. */
  @Prop({ type: Date, required: true })
  asOf!: Date;

  @Prop({ type: Date, default: null })
  deletedAt!: Date | null;
}

export const TestSummarySchema = SchemaFactory.createForClass(TestSummaryRecord);
// Account erasure deletes a student's summaries by userId (docs/adr/0027-index-coverage.md).
TestSummarySchema.index({ userId: 1 });

/** The test-summaries module's collections (registered with Mongoose and migrated). */
export const TEST_SUMMARY_MODELS = [{ name: TestSummaryRecord.name, schema: TestSummarySchema }];
