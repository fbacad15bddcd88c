import {
  BadGatewayException,
  BadRequestException,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import {
  BILLING_MESSAGES,
  ERRORS,
  PREMIUM_PRICE,
  type CouponResult,
  type PaymentIntentResult,
  type User,
} from '@mcat/contracts';
import { ApiException, RateLimiter, REDIS, type TokenClaims } from '@mcat/service-kit';
import type Redis from 'ioredis';
import { CouponsService } from '../coupons/coupons.service';
import { premiumAmount } from '../coupons/discount';
import { PaymentLedger } from '../ledger/payment-ledger.service';
import {
  OPEN_INTENT_STATUSES,
  PAYMENT_PROVIDER,
  type IntentMetadata,
  type PaymentIntentView,
  type PaymentProvider,
} from '../payments/payment-provider';
import { grantOfPayment, PurchasesService } from '../purchases/purchases.service';
import type { BillingRateLimitName } from '../rate-limit/rate-limit.policy';
import { AuthUsersClient } from '../users/auth-users.client';
import { cardErrorMessage } from './card-error-message';
import { withUserLock } from './user-lock';

/** The caller: verified token claims and the Authorization header, passed on to auth's /me. */
export interface Caller {
  claims: TokenClaims;
  authorization: string;
}

/** The premium purchase: coupons, the PaymentIntent, and confirming it. */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly coupons: CouponsService,
    private readonly ledger: PaymentLedger,
    private readonly purchases: PurchasesService,
    private readonly authUsers: AuthUsersClient,
    private readonly rateLimiter: RateLimiter<BillingRateLimitName>,
  ) {}

  /**
   * What a code is worth. Every attempt counts against the account's and the address's limits
   * (BILLING_RATE_LIMIT_POLICY), so codes cannot be guessed by trying many: 429 beyond them.
   */
  async applyCoupon(caller: { userId: string; ip: string }, code: string): Promise<CouponResult> {
    await this.rateLimiter.consume({
      applyCouponPerUser: caller.userId,
      applyCouponPerIp: caller.ip,
    });
    return this.coupons.apply(code);
  }

  /**
   * The price less the coupon, computed here. Nothing to pay grants premium at once; otherwise the
   * caller's open PaymentIntent (adjusted to this coupon) or a new one.
   */
  async createPaymentIntent(caller: Caller, couponId?: string): Promise<PaymentIntentResult> {
    const user = await this.authUsers.me(caller.authorization, ERRORS.createPaymentIntent);
    if (user.isPremium) throw new ApiException('ALREADY_PREMIUM', BILLING_MESSAGES.alreadyPremium);
    const coupon = couponId ? await this.coupons.resolve(couponId) : null;
    const amount = premiumAmount(coupon);
    const owner = { provider: this.provider.name, userId: user._id, email: user.email };

    if (amount === 0 && coupon) {
      await this.purchases.grant(
        {
          ...owner,
          paymentIntentId: null,
          amount: 0,
          currency: PREMIUM_PRICE.currency,
          couponId: coupon.id,
        },
        { couponLimit: coupon.maxRedemptions },
      );
      await this.ledger.recordFreeClaim(owner, coupon.id, PREMIUM_PRICE.currency);
      return {
        free: true,
        user: await this.authUsers.me(caller.authorization, ERRORS.confirmPremium),
      };
    }

    const metadata: IntentMetadata = {
      userId: user._id,
      couponId: coupon?.id ?? '',
      userEmail: user.email,
    };
    const intent = await withUserLock(this.redis, user._id, async () => {
      try {
        return await this.openIntent(user, amount, metadata);
      } catch (error) {
        this.logger.error(`Creating a PaymentIntent failed: ${(error as Error).message}`);
        throw new BadGatewayException(ERRORS.createPaymentIntent);
      }
    });
    await this.ledger.recordIntent(intent, owner, coupon?.id ?? null);
    return { clientSecret: intent.clientSecret };
  }

  /**
   * Premium for a PaymentIntent of the caller's that succeeded with the amount and currency set
   * here. A repeat gives the same answer; a payment that is not there yet says why.
   */
  async confirmPremium(caller: Caller, paymentIntentId: string): Promise<User> {
    const [intent, payment] = await Promise.all([
      this.provider.retrieveIntent(paymentIntentId).catch((error: Error) => {
        this.logger.error(`Reading PaymentIntent ${paymentIntentId} failed: ${error.message}`);
        throw new BadGatewayException(ERRORS.confirmPremium);
      }),
      this.ledger.get(paymentIntentId),
    ]);
    if (
      !intent ||
      !payment ||
      intent.metadata.userId !== caller.claims.sub ||
      payment.userId !== caller.claims.sub
    ) {
      throw new BadRequestException(BILLING_MESSAGES.paymentNotFound);
    }
    if (intent.status !== 'succeeded') {
      await this.ledger.recordStatus(
        intent.id,
        intent.status,
        intent.lastPaymentError?.message ?? null,
      );
      if (intent.lastPaymentError)
        throw new BadRequestException(cardErrorMessage(intent.lastPaymentError));
      if (intent.status === 'processing')
        throw new BadRequestException(BILLING_MESSAGES.paymentProcessing);
      throw new BadRequestException(BILLING_MESSAGES.paymentIncomplete);
    }
    if (intent.amount !== payment.amount || intent.currency !== payment.currency) {
      throw new BadRequestException(BILLING_MESSAGES.amountMismatch);
    }
    await this.ledger.recordStatus(intent.id, 'succeeded', null);
    await this.purchases.grant(grantOfPayment(payment));
    return this.authUsers.me(caller.authorization, ERRORS.confirmPremium);
  }

  /** The caller's open PaymentIntent, brought to this amount and coupon, or a new one. */
  private async openIntent(
    user: User,
    amount: number,
    metadata: IntentMetadata,
  ): Promise<PaymentIntentView> {
    const open = await this.ledger.findOpen(user._id);
    const current = open ? await this.provider.retrieveIntent(open._id) : null;
    if (current && OPEN_INTENT_STATUSES.includes(current.status)) {
      const same =
        current.amount === amount &&
        current.currency === PREMIUM_PRICE.currency &&
        (current.metadata.couponId ?? '') === metadata.couponId;
      return same ? current : this.provider.updateIntent(current.id, { amount, metadata });
    }
    if (open && current) await this.ledger.recordStatus(open._id, current.status, null);
    return this.provider.createIntent({ amount, currency: PREMIUM_PRICE.currency, metadata });
  }
}
