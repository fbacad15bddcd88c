/**
 * Billing's answers besides the forms' texts (ERRORS and VALIDATION, product.ts). The web app
 * shows each as is.
 */
export const BILLING_MESSAGES = {
  alreadyPremium: 'You already have Premium.',
  paymentNotFound: 'We could not find that payment.',
  paymentProcessing: 'Your payment is still processing. Please try again in a moment.',
  paymentIncomplete: 'This payment has not been completed.',
  amountMismatch: 'The payment amount does not match the Premium price.',
  paymentNotOpen: 'This payment can no longer be paid.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  webhookSignature: 'Invalid webhook signature',
  webhooksNotEnabled: 'Webhooks are received only with the stripe payment provider.',
} as const;
