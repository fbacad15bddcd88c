import { Controller, Get, Inject } from '@nestjs/common';
import type { PublicConfig } from '@mcat/contracts';
import { Public } from '@mcat/service-kit';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';

/** The payments part of the web app's `/api/config` (the gateway folds it in). */
@Controller('api/billing/config')
export class BillingConfigController {
  constructor(@Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider) {}

  @Public()
  @Get()
  config(): NonNullable<PublicConfig['payments']> {
    return { provider: this.provider.name, publishableKey: this.provider.publishableKey };
  }
}
