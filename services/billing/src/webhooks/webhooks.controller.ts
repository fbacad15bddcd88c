import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Req,
} from '@nestjs/common';
import { Public } from '@mcat/service-kit';
import type { FastifyRequest } from 'fastify';
import { BILLING_MESSAGES } from '@mcat/contracts';
import {
  PAYMENT_PROVIDER,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
} from '../payments/payment-provider';
import { BillingEventsService } from './billing-events.service';
import { rawBodyOf } from './raw-body';

export const WEBHOOK_PATH = '/api/billing/webhook';

/** Stripe's webhook: the signature is checked on the raw body, then the event is recorded once. */
@Controller(WEBHOOK_PATH)
export class WebhooksController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly events: BillingEventsService,
  ) {}

  @Public()
  @Post()
  @HttpCode(200)
  async receive(
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (this.provider.name !== 'stripe') {
      throw new NotFoundException(BILLING_MESSAGES.webhooksNotEnabled);
    }
    const rawBody = rawBodyOf(request);
    if (!rawBody) throw new BadRequestException(BILLING_MESSAGES.webhookSignature);
    let event: ProviderEvent;
    try {
      event = this.provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        throw new BadRequestException(BILLING_MESSAGES.webhookSignature);
      }
      throw error;
    }
    const { duplicate } = await this.events.ingest(event);
    return { received: true, duplicate };
  }
}
