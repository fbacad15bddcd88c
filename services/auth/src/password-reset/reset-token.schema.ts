import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * The one usable reset token of a user: its sha256 only, never the token. Issuing a new one
 * replaces it (older links stop working); using it deletes it (single use).
 */
@Schema({ collection: 'password_reset_tokens' })
export class ResetToken {
  @Prop({ type: Types.ObjectId, required: true })
  userId!: Types.ObjectId;

  /** sha256 of the token, hex. */
  @Prop({ type: String, required: true })
  tokenHash!: string;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const ResetTokenSchema = SchemaFactory.createForClass(ResetToken);
ResetTokenSchema.index({ userId: 1 }, { unique: true });
ResetTokenSchema.index({ tokenHash: 1 }, { unique: true });
