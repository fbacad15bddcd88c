import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Local projection of a user's plan, fed by auth and billing events and by read-throughs. */
@Schema({ collection: 'user_plans', versionKey: false })
export class UserPlan {
  /** The user id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Boolean, required: true })
  isPremium!: boolean;

  /** When the fact was true at the source; an older event never overwrites a newer fact. */
  @Prop({ type: Date, required: true })
  asOf!: Date;
}

export const UserPlanSchema = SchemaFactory.createForClass(UserPlan);
