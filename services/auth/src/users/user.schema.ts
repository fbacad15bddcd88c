import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ROLES, TOTAL_SCORE_MAX, TOTAL_SCORE_MIN, type Role } from '@mcat/contracts';
import { outboxPlugin } from '@mcat/service-kit';
import type { HydratedDocument } from 'mongoose';

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
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
UserSchema.plugin(outboxPlugin);
UserSchema.index({ email: 1 }, { unique: true });
// The session versions' re-sync reads the users whose version is above 0
// (sessions/session-version-store.ts; docs/adr/0027-index-coverage.md).
UserSchema.index({ sessionVersion: 1 });
