import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One of a user's places under the plan limit, held by one record (a test or a missed question).
 * Its `_id` is `<userId>:<n>` with n below the limit, so taking a place is an insert that the
 * unique `_id` makes atomic: two creates racing for the last place cannot both get it. This holds on FerretDB,
 * whose conditional updates are read-modify-write and lose races (see docs/adr/0008-plan-limits.md).
 */
@Schema({ collection: 'plan_slots', versionKey: false })
export class PlanSlot {
  /** `<userId>:<n>`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: Number, required: true })
  n!: number;

  /** The id of the record holding the place. */
  @Prop({ type: String, required: true })
  holder!: string;
}

export const PlanSlotSchema = SchemaFactory.createForClass(PlanSlot)
  .index({ userId: 1, n: 1 })
  .index({ holder: 1 });
