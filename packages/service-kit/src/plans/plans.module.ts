import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule, type ModelDefinition } from '@nestjs/mongoose';
import { AuthPlanClient } from './auth-plan.client';
import { PlanEventsController } from './plan-events.consumer';
import { PlanLimitsService } from './plan-limits.service';
import { PlanSlot, PlanSlotSchema } from './plan-slot.schema';
import { PLANS_OPTIONS, type PlansOptions } from './plans.options';
import { PlansService } from './plans.service';
import { UserPlan, UserPlanSchema } from './user-plan.schema';

/**
 * The collections the plans module keeps in the service's database (for migrations). Typed here so
 * that a service's models list needs no path inside this package to name it.
 */
export const PLAN_MODELS: ModelDefinition[] = [
  { name: UserPlan.name, schema: UserPlanSchema },
  { name: PlanSlot.name, schema: PlanSlotSchema },
];

/**
 * Plan limits for one kind of record (see docs/adr/0008-plan-limits.md): the user plan projection
 * fed by `auth.user.updated` and `billing.premium.purchased`, the read-through to auth, and
 * `PlanLimitsService`, which every module of the service can inject (the module is global).
 */
@Module({})
export class PlansModule {
  static forResource(options: PlansOptions): DynamicModule {
    return {
      module: PlansModule,
      global: true,
      imports: [MongooseModule.forFeature(PLAN_MODELS)],
      controllers: [PlanEventsController],
      providers: [
        { provide: PLANS_OPTIONS, useValue: options },
        AuthPlanClient,
        PlansService,
        PlanLimitsService,
      ],
      exports: [PlanLimitsService],
    };
  }
}
