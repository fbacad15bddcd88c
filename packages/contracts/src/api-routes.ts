/**
 * The public HTTP API, one entry per route: what the gateway's OpenAPI document (`/api/docs`,
 * docs/api.md) is built from, and what each service's `test/api-routes.spec.ts` compares with its
 * controllers, so a route cannot be added or removed without its description. Plain data and zod
 * schemas only: the OpenAPI library lives in the gateway, which alone turns this into a document.
 */
import { z } from 'zod';
import type {
  AuthResponse,
  ChangePasswordResponse,
  CouponResult,
  DevPaymentIntent,
  HealthReport,
  ImportResult,
  MessageResponse,
  PaymentIntentResult,
  PublicConfig,
  Question,
  QuestionPage,
  Test,
  User,
} from './api';
import type { Role } from './constants';
import type { ErrorCode } from './errors';
import { deleteAccountSchema, type AccountDataExport } from './schemas/account-data';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from './schemas/auth';
import {
  applyCouponSchema,
  billingListQuerySchema,
  confirmPremiumSchema,
  createPaymentIntentSchema,
  devCardPaymentSchema,
  type BillingEventRecord,
  type Page,
  type PaymentRecord,
} from './schemas/billing';
import { ankiExportQuerySchema, ankiMarkSchema, type AnkiMarkResult } from './schemas/anki';
import { objectId } from './schemas/common';
import type { ScoreProjection } from './schemas/projection';
import { insightsQuerySchema, type Insights } from './schemas/insights';
import {
  questionBodySchema,
  questionListQuerySchema,
  questionSearchSchema,
} from './schemas/questions';
import {
  reviewOutcomeSchema,
  type DueCount,
  type DueQuestion,
  type ReviewedQuestion,
} from './schemas/reviews';
import { reviewPatchSchema, testBodySchema } from './schemas/tests';
import { REVIEW_REMINDER_TOKEN_MAX_LENGTH } from './schemas/review-reminders';

/** Who answers a route: the gateway itself, or the service it forwards the route to. */
export type ApiService = 'gateway' | 'auth' | 'tests' | 'questions' | 'billing';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The JSON bodies the API answers, by the name the document gives them. The gateway holds a zod
 * schema for each, typed against these, so a schema cannot drift from the type the services use.
 */
export interface ApiBodies {
  User: User;
  AuthResponse: AuthResponse;
  MessageResponse: MessageResponse;
  ChangePasswordResponse: ChangePasswordResponse;
  Test: Test;
  TestList: Test[];
  ScoreProjection: ScoreProjection;
  ImportResult: ImportResult;
  Question: Question;
  QuestionList: Question[];
  /** The whole list without `limit`, one page with it (docs/api-paging.md). */
  QuestionListOrPage: Question[] | QuestionPage;
  TagList: string[];
  AnkiMarkResult: AnkiMarkResult;
  DueQuestionList: DueQuestion[];
  DueCount: DueCount;
  ReviewedQuestion: ReviewedQuestion;
  Insights: Insights;
  CouponResult: CouponResult;
  PaymentIntentResult: PaymentIntentResult;
  DevPaymentIntent: DevPaymentIntent;
  PaymentsConfig: NonNullable<PublicConfig['payments']>;
  WebhookReceipt: { received: true; duplicate: boolean };
  BillingEventPage: Page<BillingEventRecord>;
  PaymentPage: Page<PaymentRecord>;
  PublicConfig: PublicConfig;
  HealthReport: HealthReport;
  OpenApiDocument: Record<string, unknown>;
  AccountDataExport: AccountDataExport;
}

export type ApiBodyName = keyof ApiBodies;

/** Answers that are not JSON: a spreadsheet, an Anki package, a CSV file, a server-sent event stream, a page. */
export type ApiMediaName = 'xlsx' | 'apkg' | 'csv' | 'event-stream' | 'html';

/** An answer without a body that sends the client on (`Location`). */
export type ApiRedirect = 'redirect';

export interface ApiResponse {
  status: number;
  body: ApiBodyName | ApiMediaName | ApiRedirect;
  description?: string;
}

export interface ApiRoute {
  method: ApiMethod;
  /** As the controller spells it, parameters as `:name`. */
  path: string;
  service: ApiService;
  summary: string;
  description?: string;
  /** Callable without a token; otherwise a bearer JWT is required. */
  public?: true;
  /** Only holders of this role may call it (others get 403). */
  role?: Role;
  /** Honours the Idempotency-Key header (docs/api-idempotency.md). */
  idempotent?: true;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: z.ZodObject;
    body?: z.ZodType;
    /** A multipart/form-data upload of one spreadsheet in the field `file`. */
    upload?: 'xlsx';
    /**
     * An RFC 8058 one-click POST: the form field `List-Unsubscribe=One-Click`, as
     * application/x-www-form-urlencoded or multipart/form-data (or no body at all).
     */
    oneClick?: true;
  };
  response: ApiResponse;
  /** Other answers with a body of the success kind (a health report while something is down). */
  alsoAnswers?: readonly ApiResponse[];
  /**
   * The error codes this route answers beyond the ones every route of its kind can answer (the
   * gateway's document adds those: see `gateway/src/api-docs/error-responses.ts`).
   */
  errors?: readonly ErrorCode[];
}

const testIdParams = z.object({ id: objectId('Invalid test id') });
const questionIdParams = z.object({ id: objectId('Invalid question id') });
const resetTokenParams = z.object({ token: z.string().min(1) });
const unsubscribeTokenParams = z.object({
  token: z
    .string()
    .min(1)
    .max(REVIEW_REMINDER_TOKEN_MAX_LENGTH)
    .describe("The signed token of the reminder mail's List-Unsubscribe address"),
});
/** Only the shape matters here: the server judges "not in the future" on the latest date on Earth. */
const testBody = testBodySchema(() => new Date().toISOString().slice(0, 10));

const AUTH: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    service: 'auth',
    summary: 'Create an account and sign in',
    public: true,
    request: { body: registerSchema },
    response: { status: 201, body: 'AuthResponse' },
    errors: ['DUPLICATE'],
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    service: 'auth',
    summary: 'Sign in with email and password',
    public: true,
    request: { body: loginSchema },
    response: { status: 200, body: 'AuthResponse' },
    errors: ['UNAUTHENTICATED'],
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    service: 'auth',
    summary: 'The signed-in user',
    response: { status: 200, body: 'User' },
  },
  {
    method: 'PUT',
    path: '/api/auth/me',
    service: 'auth',
    summary:
      "Change the signed-in user's name, email, planned testing date, target score and review reminders",
    description:
      'Replaces the whole profile: a plannedTestingDate or targetScore left out, null or empty ' +
      'clears it. reviewReminders ({ enabled, hour 0-23, timeZone: an IANA name }) left out ' +
      'keeps the reminder setting as it is.',
    request: { body: profileSchema },
    response: { status: 200, body: 'User' },
    errors: ['DUPLICATE'],
  },
  {
    method: 'PUT',
    path: '/api/auth/password',
    service: 'auth',
    summary: 'Change the password',
    description:
      'Ends every session issued before the change; the answer carries a fresh token for this one.',
    request: { body: changePasswordSchema },
    response: { status: 200, body: 'ChangePasswordResponse' },
  },
  {
    method: 'GET',
    path: '/api/auth/me/export',
    service: 'auth',
    summary: 'Download everything the product holds about the signed-in user',
    description:
      'One JSON file (Content-Disposition: attachment; mcat-logbook-data.json): the profile, the ' +
      'tests, the questions with their review schedules, the payments and the purchase, without ' +
      'card data. A service that cannot be reached answers 503 and no partial file.',
    response: { status: 200, body: 'AccountDataExport' },
    errors: ['UNAVAILABLE'],
  },
  {
    method: 'DELETE',
    path: '/api/auth/me',
    service: 'auth',
    summary: 'Delete the account and everything of it',
    description:
      'Asks for the password again (a wrong one answers 400 and deletes nothing). Every session ' +
      "ends at once; every service erases the user's data (billing keeps the payment records " +
      'the law requires, without name and e-mail); a confirmation mail goes out.',
    request: { body: deleteAccountSchema },
    response: { status: 200, body: 'MessageResponse' },
    errors: ['CONFLICT'],
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    service: 'auth',
    summary: 'Email a password-reset link',
    description: 'Answers the same whether or not an account has that address.',
    public: true,
    request: { body: forgotPasswordSchema },
    response: { status: 200, body: 'MessageResponse' },
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/:token',
    service: 'auth',
    summary: 'Check a password-reset token',
    public: true,
    request: { params: resetTokenParams },
    response: { status: 200, body: 'MessageResponse' },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password/:token',
    service: 'auth',
    summary: 'Choose a new password with a reset token',
    public: true,
    request: { params: resetTokenParams, body: resetPasswordSchema },
    response: { status: 200, body: 'MessageResponse' },
  },
  {
    method: 'POST',
    path: '/api/auth/review-reminders/unsubscribe/:token',
    service: 'auth',
    summary: "Turn off a student's re-review reminders (one-click unsubscribe, RFC 8058)",
    description:
      'The List-Unsubscribe address of every reminder mail, POSTed by the mail client with ' +
      'List-Unsubscribe=One-Click, without sign-in. Turns the reminders off and nothing else; ' +
      'again with the same token it answers the same. A token that is malformed or whose ' +
      'signature does not match answers 400.',
    public: true,
    request: { params: unsubscribeTokenParams, oneClick: true },
    response: { status: 200, body: 'MessageResponse' },
  },
  {
    method: 'GET',
    path: '/api/auth/review-reminders/unsubscribe/:token',
    service: 'auth',
    summary: "The reminder mail's unsubscribe link, opened in a browser",
    description:
      "Changes nothing (link checkers open it too): sends the browser to the web app's page " +
      '/unsubscribe/{token}, whose button POSTs to this address.',
    public: true,
    request: { params: unsubscribeTokenParams },
    response: { status: 303, body: 'redirect' },
  },
];

const BILLING: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/apply-coupon',
    service: 'billing',
    summary: 'Check a coupon code and say its discount',
    idempotent: true,
    request: { body: applyCouponSchema },
    response: { status: 200, body: 'CouponResult' },
  },
  {
    method: 'POST',
    path: '/api/auth/create-payment-intent',
    service: 'billing',
    summary: 'Start the premium purchase',
    description:
      'A 100% coupon grants premium at once (`free: true` with the user); otherwise the client ' +
      'secret of the PaymentIntent to confirm with the payment provider.',
    idempotent: true,
    request: { body: createPaymentIntentSchema },
    response: { status: 200, body: 'PaymentIntentResult' },
    errors: ['ALREADY_PREMIUM', 'UNAVAILABLE'],
  },
  {
    method: 'POST',
    path: '/api/auth/confirm-premium',
    service: 'billing',
    summary: 'Finish the premium purchase once the payment succeeded',
    idempotent: true,
    request: { body: confirmPremiumSchema },
    response: { status: 200, body: 'User' },
    errors: ['UNAVAILABLE'],
  },
  {
    method: 'POST',
    path: '/api/billing/dev/payment-intents/:id/confirm',
    service: 'billing',
    summary: "Pay a PaymentIntent with the dev provider's test card form",
    description: 'Only with the dev payment provider (absent with Stripe).',
    idempotent: true,
    request: { params: z.object({ id: z.string().min(1) }), body: devCardPaymentSchema },
    response: { status: 200, body: 'DevPaymentIntent' },
    errors: ['NOT_FOUND', 'PAYMENT_DECLINED'],
  },
  {
    method: 'GET',
    path: '/api/billing/config',
    service: 'billing',
    summary: 'The payment provider and its publishable key',
    public: true,
    response: { status: 200, body: 'PaymentsConfig' },
  },
  {
    method: 'POST',
    path: '/api/billing/webhook',
    service: 'billing',
    summary: "Stripe's webhook",
    description:
      'The signature is checked on the raw body, then the event is recorded once. 404 unless ' +
      'the payment provider is Stripe.',
    public: true,
    request: {
      headers: z.object({ 'stripe-signature': z.string() }),
      body: z.record(z.string(), z.unknown()).describe('A Stripe event, as Stripe signed it'),
    },
    response: { status: 200, body: 'WebhookReceipt' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/billing/events',
    service: 'billing',
    summary: 'The billing event log, filtered and paged',
    role: 'billing',
    request: { query: billingListQuerySchema },
    response: { status: 200, body: 'BillingEventPage' },
  },
  {
    method: 'GET',
    path: '/api/billing/events/stream',
    service: 'billing',
    summary: 'New billing events, live',
    description:
      'Server-sent events: `ready` once listening, `billing-event` with a BillingEventRecord for ' +
      'each event recorded from then on, `heartbeat` every 15 s.',
    role: 'billing',
    response: { status: 200, body: 'event-stream' },
  },
  {
    method: 'GET',
    path: '/api/billing/events/export',
    service: 'billing',
    summary: 'The filtered billing event log as CSV',
    role: 'billing',
    request: { query: billingListQuerySchema },
    response: { status: 200, body: 'csv' },
  },
  {
    method: 'GET',
    path: '/api/billing/payments',
    service: 'billing',
    summary: 'The payments, filtered and paged',
    role: 'billing',
    request: { query: billingListQuerySchema },
    response: { status: 200, body: 'PaymentPage' },
  },
  {
    method: 'GET',
    path: '/api/billing/payments/export',
    service: 'billing',
    summary: 'The filtered payments as CSV',
    role: 'billing',
    request: { query: billingListQuerySchema },
    response: { status: 200, body: 'csv' },
  },
];

const TESTS: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/tests',
    service: 'tests',
    summary: "The user's practice tests",
    response: { status: 200, body: 'TestList' },
  },
  {
    method: 'POST',
    path: '/api/tests',
    service: 'tests',
    summary: 'Log a practice test',
    idempotent: true,
    request: { body: testBody },
    response: { status: 201, body: 'Test' },
    errors: ['PLAN_LIMIT_TESTS'],
  },
  {
    method: 'GET',
    path: '/api/tests/:id',
    service: 'tests',
    summary: 'One practice test',
    request: { params: testIdParams },
    response: { status: 200, body: 'Test' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'PUT',
    path: '/api/tests/:id',
    service: 'tests',
    summary: 'Change a practice test',
    request: { params: testIdParams, body: testBody },
    response: { status: 200, body: 'Test' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'DELETE',
    path: '/api/tests/:id',
    service: 'tests',
    summary: 'Delete a practice test and its questions',
    request: { params: testIdParams },
    response: { status: 200, body: 'MessageResponse' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'PATCH',
    path: '/api/tests/:id/review',
    service: 'tests',
    summary: 'Mark one section reviewed or not, or reset the review',
    request: { params: testIdParams, body: reviewPatchSchema },
    response: { status: 200, body: 'Test' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'PATCH',
    path: '/api/tests/:id/review/complete',
    service: 'tests',
    summary: "Mark the test's review complete",
    request: { params: testIdParams },
    response: { status: 200, body: 'Test' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/tests/export/excel',
    service: 'tests',
    summary: "Download the user's tests as a spreadsheet",
    response: { status: 200, body: 'xlsx' },
  },
  {
    method: 'GET',
    path: '/api/tests/projection',
    service: 'tests',
    summary: 'The total score projected for the planned testing date',
    description:
      "A weighted linear trend through the user's practice-test totals (recent tests weigh " +
      'more), with an 80% prediction interval, clamped to 472–528 (docs/adr/0024-score-projection.md). ' +
      '422 PROJECTION_NEEDS_TESTS under three tests (the message says how many more), ' +
      '422 PROJECTION_NEEDS_DATE without a planned testing date on the profile. A new date on the ' +
      'profile counts once auth has told the tests service of it (usually well under a second): ' +
      '`atDate` is always the date the projection is for.',
    response: { status: 200, body: 'ScoreProjection' },
    errors: ['PROJECTION_NEEDS_TESTS', 'PROJECTION_NEEDS_DATE', 'UNAVAILABLE'],
  },
  {
    method: 'POST',
    path: '/api/tests/import/excel',
    service: 'tests',
    summary: 'Import tests from a spreadsheet',
    description:
      'All valid rows are created at once, within the plan limit; `errors` names the rows left out.',
    request: { upload: 'xlsx' },
    response: { status: 201, body: 'ImportResult' },
    errors: ['PLAN_LIMIT_TESTS'],
  },
];

const QUESTIONS: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/questions',
    service: 'questions',
    summary: "The user's missed questions, newest first",
    description: 'The whole list without `limit`; one page with it (docs/api-paging.md).',
    request: { query: questionListQuerySchema },
    response: { status: 200, body: 'QuestionListOrPage' },
  },
  {
    method: 'POST',
    path: '/api/questions',
    service: 'questions',
    summary: 'Log a missed question',
    idempotent: true,
    request: { body: questionBodySchema },
    response: { status: 201, body: 'Question' },
    errors: ['NOT_FOUND', 'PLAN_LIMIT_QUESTIONS', 'UNAVAILABLE'],
  },
  {
    method: 'GET',
    path: '/api/questions/tags',
    service: 'questions',
    summary: "The topic tags of the user's questions",
    response: { status: 200, body: 'TagList' },
  },
  {
    method: 'GET',
    path: '/api/questions/export/anki',
    service: 'questions',
    summary: 'Download the questions the search filters select as an Anki deck',
    description:
      'mcat-missed-questions.apkg, one note per question (stable note ids and guids: importing a later ' +
      'export updates the notes). `x-anki-export-count` gives the number of notes and ' +
      '`x-anki-export-id` names the exported set for POST /api/questions/export/anki/mark ' +
      '(docs/adr/0023-anki-export.md). 20 exports per account in 10 minutes; beyond, 429 with Retry-After.',
    request: { query: ankiExportQuerySchema },
    response: { status: 200, body: 'apkg' },
  },
  {
    method: 'POST',
    path: '/api/questions/export/anki/mark',
    service: 'questions',
    summary: 'Mark the questions of an Anki export as Anki card made',
    description:
      'Exactly the questions the export named by `exportId` held (those still there), for a day after the export; ' +
      'an unknown or expired export answers 404.',
    request: { body: ankiMarkSchema },
    response: { status: 200, body: 'AnkiMarkResult' },
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
  },
  {
    method: 'GET',
    path: '/api/questions/insights',
    service: 'questions',
    summary: "What the user's missed questions add up to",
    description:
      'Counts by section, mistake type, topic tag and test (oldest first), narrowed by the search filters (docs/adr/0021-insights.md).',
    request: { query: insightsQuerySchema },
    response: { status: 200, body: 'Insights' },
  },
  {
    method: 'GET',
    path: '/api/questions/search',
    service: 'questions',
    summary: 'Questions matching filters',
    description: 'The whole answer without `limit`; one page with it (docs/api-paging.md).',
    request: { query: questionSearchSchema },
    response: { status: 200, body: 'QuestionListOrPage' },
  },
  {
    method: 'GET',
    path: '/api/questions/test/:testId',
    service: 'questions',
    summary: "One test's questions",
    request: { params: z.object({ testId: objectId('Invalid test id') }) },
    response: { status: 200, body: 'QuestionList' },
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
  },
  {
    method: 'GET',
    path: '/api/questions/:id',
    service: 'questions',
    summary: 'One question',
    request: { params: questionIdParams },
    response: { status: 200, body: 'Question' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'PUT',
    path: '/api/questions/:id',
    service: 'questions',
    summary: 'Change a question',
    request: { params: questionIdParams, body: questionBodySchema },
    response: { status: 200, body: 'Question' },
    errors: ['NOT_FOUND', 'UNAVAILABLE'],
  },
  {
    method: 'DELETE',
    path: '/api/questions/:id',
    service: 'questions',
    summary: 'Delete a question',
    request: { params: questionIdParams },
    response: { status: 200, body: 'MessageResponse' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'PATCH',
    path: '/api/questions/:id/anki',
    service: 'questions',
    summary: 'Toggle whether an Anki card was made',
    request: { params: questionIdParams },
    response: { status: 200, body: 'Question' },
    errors: ['NOT_FOUND'],
  },
  {
    method: 'GET',
    path: '/api/questions/review/due',
    service: 'questions',
    summary: "The user's questions due for re-review now, most overdue first",
    description:
      'Each with `nextReviewAt` (when it fell due) and `nextReviewAtByOutcome` (when each outcome would bring it back); a question never reviewed is due since it was logged (docs/adr/0022-spaced-review.md).',
    response: { status: 200, body: 'DueQuestionList' },
  },
  {
    method: 'GET',
    path: '/api/questions/review/due/count',
    service: 'questions',
    summary: "How many of the user's questions are due for re-review now",
    description:
      "The dashboard's count: the length of GET /api/questions/review/due without its questions.",
    response: { status: 200, body: 'DueCount' },
  },
  {
    method: 'POST',
    path: '/api/questions/:id/review',
    service: 'questions',
    summary: 'Record a re-review of a question',
    description:
      'FSRS schedules the next one: again brings it back within minutes, hard later, good and easy days later.',
    request: { params: questionIdParams, body: reviewOutcomeSchema },
    response: { status: 200, body: 'ReviewedQuestion' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
];

const GATEWAY: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: '/api/config',
    service: 'gateway',
    summary: 'The configuration the web app reads at start',
    public: true,
    response: { status: 200, body: 'PublicConfig' },
  },
  {
    method: 'GET',
    path: '/api/health',
    service: 'gateway',
    summary: 'Every service and dependency, up or down',
    public: true,
    response: { status: 200, body: 'HealthReport', description: 'Everything is up' },
    alsoAnswers: [{ status: 503, body: 'HealthReport', description: 'Something is down' }],
  },
  {
    method: 'GET',
    path: '/api/docs',
    service: 'gateway',
    summary: 'This API description (OpenAPI 3.1)',
    public: true,
    response: { status: 200, body: 'OpenApiDocument' },
  },
  {
    method: 'GET',
    path: '/api/docs.html',
    service: 'gateway',
    summary: 'This API description as a page',
    public: true,
    response: { status: 200, body: 'html' },
  },
];

/** Every route of the public API. `/internal/*`, health probes and metrics are not part of it. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...GATEWAY,
  ...AUTH,
  ...BILLING,
  ...TESTS,
  ...QUESTIONS,
];

/**
 * The methods the API takes at a concrete path (`/api/tests/6650…`, no query), in the route table's
 * order; none when it describes no such path. A `:param` segment matches any one non-empty segment.
 */
export function methodsAt(path: string): ApiMethod[] {
  const segments = path.split('/');
  const methods = new Set<ApiMethod>();
  for (const route of API_ROUTES) {
    const pattern = route.path.split('/');
    const matches =
      pattern.length === segments.length &&
      pattern.every((part, i) =>
        part.startsWith(':') ? segments[i] !== '' : part === segments[i],
      );
    if (matches) methods.add(route.method);
  }
  return [...methods];
}

/** What a route's description and its controller must agree on. */
export interface RouteFacts {
  method: string;
  path: string;
  public: boolean;
  /** The role required, or several joined by commas. */
  role: string | null;
  idempotent: boolean;
  status: number;
}

export const routeFactsOf = (route: ApiRoute): RouteFacts => ({
  method: route.method,
  path: route.path,
  public: route.public === true,
  role: route.role ?? null,
  idempotent: route.idempotent === true,
  status: route.response.status,
});

const keyOf = (facts: RouteFacts): string => `${facts.method} ${facts.path}`;

/**
 * Where the described routes and the routes found (on a service's controllers) disagree, one
 * sentence each; empty when they match.
 */
export function routeDifferences(
  described: readonly RouteFacts[],
  found: readonly RouteFacts[],
): string[] {
  const byKey = new Map(described.map((facts) => [keyOf(facts), facts]));
  const differences: string[] = [];
  for (const actual of found) {
    const expected = byKey.get(keyOf(actual));
    byKey.delete(keyOf(actual));
    if (!expected) {
      differences.push(`${keyOf(actual)} has no description in API_ROUTES`);
      continue;
    }
    for (const field of ['public', 'role', 'idempotent', 'status'] as const) {
      if (expected[field] !== actual[field]) {
        differences.push(
          `${keyOf(actual)}: ${field} is ${String(actual[field])}, described as ${String(expected[field])}`,
        );
      }
    }
  }
  for (const key of byKey.keys()) differences.push(`${key} is described but has no route`);
  return differences;
}
