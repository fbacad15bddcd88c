import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuthPlanClient } from './auth-plan.client';
import { PlanEventsController } from './plan-events.controller';
import { PlanLimitsService } from './plan-limits.service';
import { PlanSlot, PlanSlotSchema } from './plan-slot.schema';
import { PlansService } from './plans.service';
import { UserPlan, UserPlanSchema } from './user-plan.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: UserPlan.name, schema: UserPlanSchema },
      { name: PlanSlot.name, schema: PlanSlotSchema },
    ]),
  ],
  controllers: [PlanEventsController],
  providers: [AuthPlanClient, PlansService, PlanLimitsService],
  exports: [PlanLimitsService],
})
export class PlansModule {}
