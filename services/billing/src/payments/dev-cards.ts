import { BILLING_MESSAGES, ERRORS } from '@mcat/contracts';
import type { PaymentError } from './payment-provider';

/** Stripe's test cards the dev provider knows (https://docs.stripe.com/testing). */
export const DEV_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What paying with a card number does in the dev provider: null when it succeeds, else the error
 * Stripe would give. Any other well-formed number is declined, as Stripe's test mode declines
 * real cards.
 */
export function devCardOutcome(cardNumber: string): PaymentError | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === DEV_TEST_CARDS.succeeds) return null;
  if (digits === DEV_TEST_CARDS.insufficientFunds) {
    return {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: ERRORS.cardInsufficientFunds,
    };
  }
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return {
      code: 'incorrect_number',
      declineCode: null,
      message: BILLING_MESSAGES.cardNumberIncorrect,
    };
  }
  return { code: 'card_declined', declineCode: 'generic_decline', message: ERRORS.cardDeclined };
}
