import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The tests service's copy of a student's planned testing date, which auth owns: fed by
 * `auth.user.updated` and, for a student no event has told about yet, by one read-through to auth
 * (docs/adr/0024-score-projection.md).
 */
@Schema({ collection: 'planned_dates', versionKey: false })
export class PlannedDate {
  /** The user id. */
  @Prop({ type: String, required: true })
  _id!: string;

  /** 'YYYY-MM-DD' or null. */
  @Prop({ type: String, default: null })
  plannedTestingDate!: string | null;

  /** When the fact was true at the source; an older event never overwrites a newer fact. */
  @Prop({ type: Date, required: true })
  asOf!: Date;
}

export const PlannedDateSchema = SchemaFactory.createForClass(PlannedDate);

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value from another service is a planned date: 'YYYY-MM-DD' or null (no date). */
export const isPlannedDate = (value: unknown): value is string | null =>
  value === null || (typeof value === 'string' && CALENDAR_DATE.test(value));
