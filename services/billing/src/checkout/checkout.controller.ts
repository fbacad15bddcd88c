import { Body, Controller, Headers, HttpCode, Ip, Post, UseFilters } from '@nestjs/common';
import {
  applyCouponSchema,
  confirmPremiumSchema,
  createPaymentIntentSchema,
  type ApplyCouponBody,
  type ConfirmPremiumBody,
  type CouponResult,
  type CreatePaymentIntentBody,
  type PaymentIntentResult,
  type User,
} from '@mcat/contracts';
import {
  CurrentUser,
  Idempotent,
  TooManyAttemptsFilter,
  ZodValidationPipe,
  type TokenClaims,
} from '@mcat/service-kit';
import { CheckoutService } from './checkout.service';

/** The three premium calls the web app makes under /api/auth (the gateway sends them here). */
@Controller('api/auth')
@UseFilters(TooManyAttemptsFilter)
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('apply-coupon')
  @HttpCode(200)
  @Idempotent()
  applyCoupon(
    @CurrentUser() claims: TokenClaims,
    @Ip() ip: string,
    @Body(new ZodValidationPipe(applyCouponSchema)) body: ApplyCouponBody,
  ): Promise<CouponResult> {
    return this.checkout.applyCoupon({ userId: claims.sub, ip }, body.couponCode);
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @Idempotent()
  createPaymentIntent(
    @CurrentUser() claims: TokenClaims,
    @Headers('authorization') authorization: string,
    @Body(new ZodValidationPipe(createPaymentIntentSchema)) body: CreatePaymentIntentBody,
  ): Promise<PaymentIntentResult> {
    return this.checkout.createPaymentIntent({ claims, authorization }, body.couponId);
  }

  @Post('confirm-premium')
  @HttpCode(200)
  @Idempotent()
  confirmPremium(
    @CurrentUser() claims: TokenClaims,
    @Headers('authorization') authorization: string,
    @Body(new ZodValidationPipe(confirmPremiumSchema)) body: ConfirmPremiumBody,
  ): Promise<User> {
    return this.checkout.confirmPremium({ claims, authorization }, body.paymentIntentId);
  }
}
