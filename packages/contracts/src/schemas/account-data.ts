import { z } from 'zod';
import type { Question, Test, User } from '../api';
import type { PaymentProviderName } from '../catalog';
import { SIGN_IN_PASSWORD_MAX_LENGTH } from '../constants';
import { TOO_LONG, VALIDATION } from '../messages';

/** DELETE /api/auth/me: the account's password, asked again. */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, VALIDATION.passwordRequired)
    .max(SIGN_IN_PASSWORD_MAX_LENGTH, TOO_LONG.signInPassword),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

/** A scalar of a review schedule's FSRS state, dates as ISO timestamps. */
export type ReviewStateValue = string | number | boolean | null;

/** A question's review schedule as the export holds it. */
export interface AccountReviewSchedule {
  /** ISO timestamp of the next review (the schedule's `due`). */
  nextReviewAt: string;
  /** The rest of the FSRS state as stored (stability, difficulty, reps, lapses, ...). */
  state: Record<string, ReviewStateValue>;
}

export type AccountQuestion = Question & { review: AccountReviewSchedule | null };

/** A payment of the student's, without card data or anything of the provider's. */
export interface AccountPayment {
  id: string;
  provider: PaymentProviderName;
  /** Cents. */
  amount: number;
  currency: string;
  couponId: string | null;
  status: string;
  amountRefunded: number;
  createdAt: string;
}

/** The premium purchase, if any. */
export interface AccountPurchase {
  id: string;
  provider: PaymentProviderName;
  amount: number;
  currency: string;
  couponId: string | null;
  status: 'active' | 'refunded';
  createdAt: string;
}

/** `GET /internal/users/:id/export` of the tests service. */
export interface TestsAccountData {
  tests: Test[];
}

/** `GET /internal/users/:id/export` of the questions service. */
export interface QuestionsAccountData {
  questions: AccountQuestion[];
}

/** `GET /internal/users/:id/export` of the billing service. */
export interface BillingAccountData {
  payments: AccountPayment[];
  purchases: AccountPurchase[];
}

/** `GET /api/auth/me/export`: everything the product holds about the student, in one file. */
export interface AccountDataExport
  extends TestsAccountData, QuestionsAccountData, BillingAccountData {
  /** ISO timestamp of the export. */
  exportedAt: string;
  profile: User;
}

/** The file name the export is downloaded as. */
export const ACCOUNT_DATA_FILE_NAME = 'mcat-logbook-data.json';
