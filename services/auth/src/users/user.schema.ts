import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ROLES, TOTAL_SCORE_MAX, TOTAL_SCORE_MIN, type Role } from '@mcat/contracts';
import { outboxPlugin } from '@mcat/service-kit';
import type { HydratedDocument } from 'mongoose';
import {
  ReviewReminderSetting,
  ReviewReminderSettingSchema,
} from '../review-reminders/review-reminder-setting.schema';

/**
 * An account. The password hash and the session version never leave this service; the web app
 * sees the fields of `toUserView` only. Outboxed: its events are written with its changes.
 */
@Schema({ collection: 'users', timestamps: true })
export class User {
  @Prop({ type: String, required: true, trim: true })
  name!: string;

  /** Trimmed and lower-cased before it gets here; unique. */
  @Prop({ type: String, required: true })
  email!: string;

  /** argon2id. */
  @Prop({ type: String, required: true })
  passwordHash!: string;

  /** 'YYYY-MM-DD' or null. */
  @Prop({ type: String, default: null })
  plannedTestingDate!: string | null;

  /** The total score the student aims for (472–528), or null. */
  @Prop({ type: Number, default: null, min: TOTAL_SCORE_MIN, max: TOTAL_SCORE_MAX })
  targetScore!: number | null;

  @Prop({ type: Boolean, default: false })
  isPremium!: boolean;

  @Prop({ type: [String], enum: ROLES, default: ['student'] })
  roles!: Role[];

  /** Bumped by a password change or reset: tokens of an older version answer 401. */
  @Prop({ type: Number, default: 0 })
  sessionVersion!: number;

  /** Counts the changes events describe; a change applies only to the revision it read. */
  @Prop({ type: Number, default: 0 })
  revision!: number;

  /** The daily re-review reminder mail (docs/adr/0035-review-reminders.md). */
  @Prop({ type: ReviewReminderSettingSchema, default: () => ({}) })
  reviewReminders!: ReviewReminderSetting;

  /**
   * When the next reminder is owed, null while reminders are off: the reminder check reads the
   * accounts whose time has come through its index. Written with the setting and by the check.
   */
  @Prop({ type: Date, default: null })
  reviewReminderAt!: Date | null;

  /** The student's local date of the last reminder sent ('YYYY-MM-DD'): never two for one date. */
  @Prop({ type: String, default: null })
  reviewReminderSentOn!: string | null;
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
UserSchema.plugin(outboxPlugin);
UserSchema.index({ email: 1 }, { unique: true });
// The session versions' re-sync reads the users whose version is above 0
// (sessions/session-version-store.ts; docs/adr/0027-index-coverage.md).
UserSchema.index({ sessionVersion: 1 });
// The reminder check reads the accounts whose reminder is owed (review-reminders/reminder-check.ts).
UserSchema.index({ reviewReminderAt: 1 });
