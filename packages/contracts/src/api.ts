/** Shapes of the API's answers. */
import type { Role } from './constants';
import type { MistakeType, PaymentProviderName } from './catalog';
import type { SectionKey, SectionName } from './sections';
import type { ProcessState } from './schemas/runner-status';
import type { ReviewReminders } from './schemas/review-reminders';

export interface User {
  _id: string;
  name: string;
  email: string;
  /** 'YYYY-MM-DD' or null. */
  plannedTestingDate: string | null;
  /** The total score the student aims for (472–528), or null. */
  targetScore: number | null;
  isPremium: boolean;
  roles: Role[];
  /** The daily re-review reminder e-mail (off, 18:00 UTC, until the student chooses). */
  reviewReminders: ReviewReminders;
}

export interface AuthResponse {
  token: string;
  user: User;
}

export interface MessageResponse {
  message: string;
}

/**
 * PUT /api/auth/password: the change ends every session issued before it, so the session that
 * made it goes on with this fresh token.
 */
export interface ChangePasswordResponse extends MessageResponse {
  token: string;
}

export type SectionFlags = Record<SectionKey, boolean>;

export interface Test {
  _id: string;
  userId: string;
  /** ISO timestamp of the calendar date at UTC midnight. */
  dateTaken: string;
  source: string;
  subscores: Record<SectionKey, number>;
  totalScore: number;
  createdAt: string;
  review: { isComplete: boolean; sectionsReviewed: SectionFlags };
}

export interface TestSummary {
  _id: string;
  source: string;
  dateTaken: string;
}

export interface Question {
  _id: string;
  /** Populated with the test's summary where known, else the test id. */
  test: TestSummary | string;
  section: SectionName;
  questionNumber: number;
  mistakeType: MistakeType | '';
  wrongAnswerReason: string;
  rightAnswerReason: string;
  improvementPlan: string;
  ankiCardMade: boolean;
  topicTags: string[];
  createdAt: string;
}

/**
 * One page of `GET /api/questions` or `/api/questions/search`, answered when `limit` is given
 * (docs/api-paging.md); without it, those answer the whole list (`Question[]`) as the spec has it.
 */
export interface QuestionPage {
  /** At most `limit` questions, in the whole list's order: newest first. */
  questions: Question[];
  /** How many questions the whole list (with the search's filters) holds now. */
  total: number;
  /** The `cursor` of the next page, or null when this page ends the list. */
  nextCursor: string | null;
}

export interface ImportResult {
  tests: Test[];
  errors: string[];
}

export interface CouponResult {
  couponId: string;
  /** 'free' for 100% off, else a description such as '50% off' or '$5.00 off'. */
  discount: string;
}

export type PaymentIntentResult =
  { free: true; user: User } | { free?: false; clientSecret: string };

export interface PublicConfig {
  brandName: string;
  supportEmail: string;
  donationUrl: string;
  publicUrl: string;
  /**
   * The payment provider billing runs, or null while billing cannot be reached: payments are then
   * unavailable (never a guessed provider).
   */
  payments: { provider: PaymentProviderName; publishableKey: string | null } | null;
  /** The study guide's resource links (the gateway's GUIDE_RESOURCES, or its default list). */
  guideResources: { title: string; url: string; description?: string }[];
}

export type HealthStatus = 'up' | 'down';

/**
 * A process as the single-machine runner sees it (docs/adr/0017-supervision.md): running,
 * waiting to be restarted, given up after crashing too often, or stopped with the stack.
 */
export interface ProcessHealth {
  status: HealthStatus;
  /** Its state in the runner's status file (schemas/runner-status.ts). */
  state: ProcessState;
  /** Restarts since the stack started. */
  restarts: number;
}

export interface HealthReport {
  status: HealthStatus;
  services: Record<string, HealthStatus>;
  dependencies: Record<string, HealthStatus>;
  /**
   * Only in the single-machine mode: every process the runner started (the services, the gateway,
   * the infrastructure), by name. `status` is down while any of them is not running.
   */
  processes?: Record<string, ProcessHealth>;
}

/** The dev provider's PaymentIntent as its card form answers it: Stripe's shape, read in part. */
export interface DevPaymentIntent {
  id: string;
  status: string;
  [field: string]: unknown;
}
