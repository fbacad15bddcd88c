import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { PAYMENT_PROVIDERS, type PublicConfig } from '@mcat/contracts';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG, UPSTREAMS } from '../tokens';
import type { Upstreams } from '../upstreams';

/** What billing's `GET /api/billing/config` answers. */
const billingPayments = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().min(1).nullable(),
});

const BILLING_TIMEOUT_MS = 2000;

/**
 * The configuration the web app reads at start: brand, contacts, public URL and the guide's
 * resource links from the gateway's environment, and the payment provider from billing. While
 * billing cannot be reached `payments` is null, so the app says payments are unavailable rather
 * than guess a provider.
 */
@Injectable()
export class PublicConfigService {
  private readonly logger = new Logger('public-config');

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(UPSTREAMS) private readonly upstreams: Upstreams,
  ) {}

  async current(): Promise<PublicConfig> {
    return {
      brandName: this.config.BRAND_NAME,
      supportEmail: this.config.SUPPORT_EMAIL,
      donationUrl: this.config.DONATION_URL,
      publicUrl: this.config.PUBLIC_URL,
      payments: await this.payments(),
      guideResources: this.config.GUIDE_RESOURCES,
    };
  }

  private async payments(): Promise<PublicConfig['payments']> {
    try {
      const response = await fetch(`${this.upstreams.billing}/api/billing/config`, {
        signal: AbortSignal.timeout(BILLING_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`billing answered ${response.status}`);
      return billingPayments.parse(await response.json());
    } catch (error) {
      this.logger.warn(`Payment configuration unavailable: ${(error as Error).message}`);
      return null;
    }
  }
}
