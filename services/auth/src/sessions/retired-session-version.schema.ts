import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The last session version of a deleted account, kept while a token of it could still be unexpired:
 * the account's document is gone once its deletion event is out, and a re-sync must still refuse
 * those tokens (docs/adr/0025-account-data.md).
 */
@Schema({ collection: 'retired_session_versions', versionKey: false })
export class RetiredSessionVersion {
  /** The user id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  sessionVersion!: number;

  /** When the last token issued before the deletion expires; the record goes after it. */
  @Prop({ type: Date, required: true })
  until!: Date;
}

export const RetiredSessionVersionSchema = SchemaFactory.createForClass(RetiredSessionVersion);
// The re-sync deletes the expired records and reads the others by `until`
// (docs/adr/0027-index-coverage.md).
RetiredSessionVersionSchema.index({ until: 1 });
