import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SERVICE_CONFIG } from '@mcat/service-kit';
import type { BillingConfig } from '../config';
import { BillingConfigController } from './billing-config.controller';
import { DevPaymentIntent, DevPaymentIntentSchema } from './dev-payment-intent.schema';
import { DevPaymentProvider } from './dev-payment.provider';
import { PAYMENT_PROVIDER } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment.provider';

/**
 * The payment provider the configuration chose (PAYMENT_PROVIDER, else stripe when
 * STRIPE_SECRET_KEY is set, else dev), available to every module as PAYMENT_PROVIDER.
 */
@Module({})
export class PaymentsModule {
  static forRoot(config: BillingConfig): DynamicModule {
    const providers: Provider[] =
      config.PAYMENT_PROVIDER === 'dev'
        ? [DevPaymentProvider, { provide: PAYMENT_PROVIDER, useExisting: DevPaymentProvider }]
        : [
            {
              provide: PAYMENT_PROVIDER,
              inject: [SERVICE_CONFIG],
              useFactory: (c: BillingConfig) => new StripePaymentProvider(c),
            },
          ];
    return {
      module: PaymentsModule,
      global: true,
      imports:
        config.PAYMENT_PROVIDER === 'dev'
          ? [
              MongooseModule.forFeature([
                { name: DevPaymentIntent.name, schema: DevPaymentIntentSchema },
              ]),
            ]
          : [],
      controllers: [BillingConfigController],
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
