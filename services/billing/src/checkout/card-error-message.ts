import { ERRORS } from '@mcat/contracts';
import type { PaymentError } from '../payments/payment-provider';

/** The message a card error is shown with: the spec's texts where it gives them. */
export function cardErrorMessage(error: PaymentError): string {
  if (error.declineCode === 'insufficient_funds') return ERRORS.cardInsufficientFunds;
  if (error.code === 'card_declined') return ERRORS.cardDeclined;
  return error.message ?? ERRORS.confirmPremium;
}
