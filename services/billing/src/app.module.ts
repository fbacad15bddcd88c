import { Module, type DynamicModule } from '@nestjs/common';
import { AccountDataModule, RateLimitModule, ServiceKitModule } from '@mcat/service-kit';
import { AccountDataService } from './account-data/account-data.service';
import { ErasedUsers } from './account-data/erased-users';
import { CheckoutModule } from './checkout/checkout.module';
import type { BillingConfig } from './config';
import { PaymentsModule } from './payments/payments.module';
import { BILLING_RATE_LIMIT_POLICY } from './rate-limit/rate-limit.policy';
import { StaffModule } from './staff/staff.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'billing', config }),
        RateLimitModule.register(BILLING_RATE_LIMIT_POLICY, config.RATE_LIMIT_EXEMPT_IPS),
        PaymentsModule.forRoot(config),
        CheckoutModule.forProvider(config.PAYMENT_PROVIDER),
        WebhooksModule,
        StaffModule,
        AccountDataModule.forService({
          internalPath: 'internal/billing/users',
          exporter: AccountDataService,
          eraseSteps: AccountDataService,
          providers: [ErasedUsers],
        }),
      ],
    };
  }
}
