/** What both card forms (Stripe Elements and the dev provider's Test-mode form) are given. */
export interface CardFormProps {
  clientSecret: string;
  /** Called once the card payment succeeded; confirms the upgrade with the server. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}
