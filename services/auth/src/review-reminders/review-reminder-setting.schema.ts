import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { DEFAULT_REVIEW_REMINDERS, type ReviewReminders } from '@mcat/contracts';

/** The student's reminder setting, a part of their account (`users.reviewReminders`). */
@Schema({ _id: false })
export class ReviewReminderSetting implements ReviewReminders {
  @Prop({ type: Boolean, default: DEFAULT_REVIEW_REMINDERS.enabled })
  enabled!: boolean;

  /** 0-23, in `timeZone`. */
  @Prop({ type: Number, default: DEFAULT_REVIEW_REMINDERS.hour, min: 0, max: 23 })
  hour!: number;

  /** An IANA zone name, as the student's browser named it. */
  @Prop({ type: String, default: DEFAULT_REVIEW_REMINDERS.timeZone })
  timeZone!: string;
}

export const ReviewReminderSettingSchema = SchemaFactory.createForClass(ReviewReminderSetting);

/** The stored setting with the defaults for what an older account lacks. */
export const reviewRemindersOf = (stored: Partial<ReviewReminders> | null | undefined) => ({
  enabled: stored?.enabled ?? DEFAULT_REVIEW_REMINDERS.enabled,
  hour: stored?.hour ?? DEFAULT_REVIEW_REMINDERS.hour,
  timeZone: stored?.timeZone ?? DEFAULT_REVIEW_REMINDERS.timeZone,
});
