import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { devCardPaymentSchema, type DevCardPaymentBody } from '@mcat/contracts';
import { CurrentUser, Idempotent, ZodValidationPipe, type TokenClaims } from '@mcat/service-kit';
import { DevCardPaymentsService } from './dev-card-payments.service';

/**
 * Dev provider only (absent with stripe): the Test-mode card form confirms the PaymentIntent
 * here, as Stripe Elements would with Stripe. Body {clientSecret, cardNumber}; answers the
 * PaymentIntent in Stripe's shape, or 402 {statusCode, message} with the card error.
 */
@Controller('api/billing/dev/payment-intents')
export class DevCardPaymentsController {
  constructor(private readonly payments: DevCardPaymentsService) {}

  @Post(':id/confirm')
  @HttpCode(200)
  @Idempotent()
  confirm(
    @CurrentUser() claims: TokenClaims,
    @Param('id') paymentIntentId: string,
    @Body(new ZodValidationPipe(devCardPaymentSchema)) body: DevCardPaymentBody,
  ): Promise<Record<string, unknown>> {
    return this.payments.pay(claims.sub, paymentIntentId, body.clientSecret, body.cardNumber);
  }
}
