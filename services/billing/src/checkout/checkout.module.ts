import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { PaymentProviderName } from '@mcat/contracts';
import { IDEMPOTENCY_MODELS } from '@mcat/service-kit';
import { CouponsModule } from '../coupons/coupons.module';
import { LedgerModule } from '../ledger/ledger.module';
import { PurchasesModule } from '../purchases/purchases.module';
import { UsersModule } from '../users/users.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { DevCardPaymentsController } from './dev-card-payments.controller';
import { DevCardPaymentsService } from './dev-card-payments.service';

/** The premium purchase endpoints, and the dev provider's card endpoint when it runs. */
@Module({})
export class CheckoutModule {
  static forProvider(provider: PaymentProviderName): DynamicModule {
    const dev = provider === 'dev';
    return {
      module: CheckoutModule,
      imports: [
        MongooseModule.forFeature(IDEMPOTENCY_MODELS),
        CouponsModule,
        LedgerModule,
        PurchasesModule,
        UsersModule,
        WebhooksModule,
      ],
      controllers: dev ? [CheckoutController, DevCardPaymentsController] : [CheckoutController],
      providers: dev ? [CheckoutService, DevCardPaymentsService] : [CheckoutService],
    };
  }
}
