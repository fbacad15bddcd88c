import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { BILLING_MESSAGES } from '@mcat/contracts';
import { DevPaymentProvider } from '../payments/dev-payment.provider';
import { OPEN_INTENT_STATUSES } from '../payments/payment-provider';
import { BillingEventsService } from '../webhooks/billing-events.service';
import { cardErrorMessage } from './card-error-message';

/**
 * The dev provider's stand-in for Stripe.js confirming a card payment: pays the caller's
 * PaymentIntent with a test card number and records the event it causes, as a Stripe webhook
 * would, so the staff log and premium work the same in both modes.
 */
@Injectable()
export class DevCardPaymentsService {
  private readonly logger = new Logger(DevCardPaymentsService.name);

  constructor(
    private readonly dev: DevPaymentProvider,
    private readonly events: BillingEventsService,
  ) {}

  /** The PaymentIntent in Stripe's shape, or 402 with the card error Stripe would give. */
  async pay(
    userId: string,
    paymentIntentId: string,
    clientSecret: string,
    cardNumber: string,
  ): Promise<Record<string, unknown>> {
    const intent = await this.dev.findForPayment(paymentIntentId, clientSecret, userId);
    if (!intent) throw new NotFoundException(BILLING_MESSAGES.paymentNotFound);
    if (intent.status !== 'succeeded' && !OPEN_INTENT_STATUSES.includes(intent.status)) {
      throw new BadRequestException(BILLING_MESSAGES.paymentNotOpen);
    }
    const result = await this.dev.payWithCard(intent, cardNumber);
    if (result.event) {
      // The payment stands even if its effect cannot be applied now: confirm-premium grants it.
      await this.events.ingest(result.event).catch((error: Error) => {
        this.logger.error(`Recording dev event ${result.event?.id} failed: ${error.message}`);
      });
    }
    if (result.error) {
      throw new HttpException(cardErrorMessage(result.error), HttpStatus.PAYMENT_REQUIRED);
    }
    return result.intent;
  }
}
