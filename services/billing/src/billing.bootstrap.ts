import type { BootstrapOptions } from '@mcat/service-kit';
import { AppModule } from './app.module';
import type { BillingConfig } from './config';
import { keepRawJsonBody } from './webhooks/raw-body';
import { WEBHOOK_PATH } from './webhooks/webhooks.controller';

/** How the billing service boots (main.ts and the integration tests): the webhook keeps its raw body. */
export function billingBootstrapOptions(config: BillingConfig): BootstrapOptions {
  return {
    module: AppModule.register(config),
    config,
    // auth.user.deleted: the payment records are anonymised (account-data/).
    consumeEvents: true,
    beforeListen: async (app) => {
      // Nest registers its JSON parser during init; ours replaces it afterwards.
      await app.init();
      keepRawJsonBody(app.getHttpAdapter().getInstance(), WEBHOOK_PATH);
    },
  };
}
