import { EVENT_SUBJECTS } from '@mcat/contracts';
import { outboxEvent } from '@mcat/service-kit';
import type { PremiumGrant } from './purchases.service';

/** What billing publishes: the purchase stored, written in the same write as the purchase. */
export const premiumPurchased = (purchaseId: string, grant: PremiumGrant) =>
  outboxEvent(EVENT_SUBJECTS.premiumPurchased, {
    userId: grant.userId,
    purchaseId,
    amount: grant.amount,
    currency: grant.currency,
    provider: grant.provider,
    couponId: grant.couponId,
  });
