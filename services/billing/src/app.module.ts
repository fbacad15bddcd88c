import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@mcat/service-kit';
import { CheckoutModule } from './checkout/checkout.module';
import type { BillingConfig } from './config';
import { PaymentsModule } from './payments/payments.module';
import { StaffModule } from './staff/staff.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class AppModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'billing', config }),
        PaymentsModule.forRoot(config),
        CheckoutModule.forProvider(config.PAYMENT_PROVIDER),
        WebhooksModule,
        StaffModule,
      ],
    };
  }
}
