import { z } from 'zod';
import {
  ERROR_CODES,
  MISTAKE_TYPES,
  PAYMENT_PROVIDERS,
  PLAN_LIMITS,
  ROLES,
  SECTION_NAMES,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
  type ApiBodies,
  type ApiBodyName,
  type ApiError,
  type ErrorCode,
} from '@mcat/contracts';

/**
 * Zod schemas of the answers, which the contracts have as TypeScript types only (api.ts): each is
 * typed against its type in `ApiBodies`, so the compiler refuses a schema that stops matching it.
 * They describe what the services' mappers send (toUserView, toApiTest, the questions' view,
 * toPaymentRecord, toBillingEventRecord), and are never used to parse anything. The ones used
 * inside others are named here with zod's `.meta({ id })`, so the document refers to them.
 */

const id = z.string().regex(/^[0-9a-f]{24}$/);
const isoTime = z.iso.datetime();
const sectionFlags = z.object({
  chemPhys: z.boolean(),
  cars: z.boolean(),
  bio: z.boolean(),
  psychSoc: z.boolean(),
});
const sectionScores = z.object({
  chemPhys: z.number().int(),
  cars: z.number().int(),
  bio: z.number().int(),
  psychSoc: z.number().int(),
});

const totalScore = z.number().int().min(TOTAL_SCORE_MIN).max(TOTAL_SCORE_MAX);

const user = z
  .object({
    _id: id,
    name: z.string(),
    email: z.string(),
    plannedTestingDate: z.iso.date().nullable(),
    targetScore: totalScore.nullable(),
    isPremium: z.boolean(),
    roles: z.array(z.enum(ROLES)),
    reviewReminders: z
      .object({
        enabled: z.boolean(),
        hour: z.number().int().min(0).max(23),
        timeZone: z.string().describe('An IANA time zone name, e.g. Europe/Paris'),
      })
      .describe('The daily re-review reminder e-mail, at the start of `hour` in `timeZone`'),
  })
  .meta({ id: 'User' });

const test = z
  .object({
    _id: id,
    userId: id,
    dateTaken: isoTime.describe('The calendar date at UTC midnight'),
    source: z.string(),
    subscores: sectionScores,
    totalScore: z.number().int(),
    createdAt: isoTime,
    review: z.object({ isComplete: z.boolean(), sectionsReviewed: sectionFlags }),
  })
  .meta({ id: 'Test' });

const testSummary = z
  .object({ _id: id, source: z.string(), dateTaken: isoTime })
  .meta({ id: 'TestSummary' });

const question = z
  .object({
    _id: id,
    test: z.union([testSummary, id]).describe("The test's summary where known, else its id"),
    section: z.enum(SECTION_NAMES),
    questionNumber: z.number().int(),
    mistakeType: z.union([z.enum(MISTAKE_TYPES), z.literal('')]),
    wrongAnswerReason: z.string(),
    rightAnswerReason: z.string(),
    improvementPlan: z.string(),
    ankiCardMade: z.boolean(),
    topicTags: z.array(z.string()),
    createdAt: isoTime,
  })
  .meta({ id: 'Question' });

const questionPage = z
  .object({
    questions: z.array(question),
    total: z.number().int(),
    nextCursor: z
      .string()
      .nullable()
      .describe('The next page, or null when this one ends the list'),
  })
  .meta({ id: 'QuestionPage' });

const reviewedQuestion = question
  .extend({ nextReviewAt: isoTime.describe('When its next re-review falls due') })
  .meta({ id: 'ReviewedQuestion' });

const dueQuestion = reviewedQuestion
  .extend({
    nextReviewAtByOutcome: z
      .object({ again: isoTime, hard: isoTime, good: isoTime, easy: isoTime })
      .describe('When each outcome, recorded now, would bring it back'),
  })
  .meta({ id: 'DueQuestion' });

const insightsMistakeType = z
  .union([z.enum(MISTAKE_TYPES), z.literal('')])
  .describe("'' for questions logged without a mistake type");

const insights = z
  .object({
    bySection: z.array(z.object({ section: z.enum(SECTION_NAMES), count: z.number().int() })),
    byMistakeType: z.array(z.object({ mistakeType: insightsMistakeType, count: z.number().int() })),
    byTag: z.array(z.object({ tag: z.string(), count: z.number().int() })),
    overTime: z.array(
      z.object({
        testId: id,
        dateTaken: isoTime,
        source: z.string(),
        counts: z
          .partialRecord(insightsMistakeType, z.number().int())
          .describe('Questions by mistake type; a type with none is left out'),
      }),
    ),
  })
  .meta({ id: 'Insights' });

const accountData = z
  .object({
    exportedAt: isoTime,
    profile: user,
    tests: z.array(test),
    questions: z.array(
      question.extend({
        review: z
          .object({
            nextReviewAt: isoTime,
            state: z
              .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
              .describe('The rest of the FSRS state as stored'),
          })
          .nullable()
          .describe('The review schedule, or null for a question without one'),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        provider: z.enum(PAYMENT_PROVIDERS),
        amount: z.number().int().describe('Cents'),
        currency: z.string(),
        couponId: z.string().nullable(),
        status: z.string(),
        amountRefunded: z.number().int(),
        createdAt: isoTime,
      }),
    ),
    purchases: z.array(
      z.object({
        id: z.string(),
        provider: z.enum(PAYMENT_PROVIDERS),
        amount: z.number().int(),
        currency: z.string(),
        couponId: z.string().nullable(),
        status: z.enum(['active', 'refunded']),
        createdAt: isoTime,
      }),
    ),
  })
  .meta({ id: 'AccountDataExport' });

const paymentsConfig = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'PaymentsConfig' });

const billingEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    occurredAt: isoTime,
    amount: z.number().int().nullable().describe('Cents'),
    currency: z.string().nullable(),
    email: z.string().nullable(),
    userId: z.string().nullable(),
    status: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    payload: z.unknown(),
    receivedAt: isoTime,
  })
  .meta({ id: 'BillingEventRecord' });

const payment = z
  .object({
    id: z.string().describe('The PaymentIntent id, or free_<userId> for a 100% coupon'),
    provider: z.enum(PAYMENT_PROVIDERS),
    userId: z.string(),
    email: z.string().nullable(),
    amount: z.number().int().describe('Cents'),
    currency: z.string(),
    couponId: z.string().nullable(),
    status: z.string(),
    lastError: z.string().nullable(),
    amountRefunded: z.number().int(),
    disputed: z.boolean(),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: 'PaymentRecord' });

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

const health = z.enum(['up', 'down']);

/** Each JSON answer's schema, by the name `API_ROUTES` uses and the document shows. */
export const RESPONSE_SCHEMAS: { [Name in ApiBodyName]: z.ZodType<ApiBodies[Name]> } = {
  User: user,
  AuthResponse: z.object({ token: z.string(), user }),
  MessageResponse: z.object({ message: z.string() }),
  ChangePasswordResponse: z.object({ message: z.string(), token: z.string() }),
  Test: test,
  TestList: z.array(test),
  ScoreProjection: z.object({
    predictedScore: totalScore,
    low: totalScore,
    high: totalScore,
    atDate: z.iso.date().describe('The planned testing date'),
  }),
  ImportResult: z.object({
    tests: z.array(test),
    errors: z.array(z.string()).describe('The rows left out, and why'),
  }),
  Question: question,
  QuestionList: z.array(question),
  QuestionListOrPage: z.union([z.array(question), questionPage]),
  TagList: z.array(z.string()),
  AnkiMarkResult: z.object({
    marked: z.number().int().min(0).describe("How many of the export's questions are now marked"),
    message: z.string(),
  }),
  DueQuestionList: z.array(dueQuestion),
  DueCount: z.object({ due: z.number().int().min(0).describe('Questions due now') }),
  ReviewedQuestion: reviewedQuestion,
  Insights: insights,
  CouponResult: z.object({
    couponId: z.string(),
    discount: z.string().describe("'free' for 100% off, else such as '50% off' or '$5.00 off'"),
  }),
  PaymentIntentResult: z.union([
    z.object({ free: z.literal(true), user }),
    z.object({ free: z.literal(false).optional(), clientSecret: z.string() }),
  ]),
  DevPaymentIntent: z
    .object({ id: z.string(), status: z.string() })
    .catchall(z.unknown())
    .describe("A PaymentIntent in Stripe's shape (id, object, amount, status, client_secret, …)"),
  PaymentsConfig: paymentsConfig,
  WebhookReceipt: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  BillingEventPage: page(billingEvent),
  PaymentPage: page(payment),
  PublicConfig: z.object({
    brandName: z.string(),
    supportEmail: z.string(),
    donationUrl: z.string(),
    publicUrl: z.string(),
    payments: paymentsConfig.nullable().describe('Null while billing cannot be reached'),
    guideResources: z.array(
      z.object({ title: z.string(), url: z.string(), description: z.string().optional() }),
    ),
  }),
  HealthReport: z.object({
    status: health,
    services: z.record(z.string(), health),
    dependencies: z.record(z.string(), health),
    processes: z
      .record(
        z.string(),
        z.object({
          status: health,
          state: z.enum(['running', 'restarting', 'given-up', 'stopped']),
          restarts: z.number().int(),
        }),
      )
      .optional()
      .describe('Only in the single-machine mode'),
  }),
  OpenApiDocument: z.record(z.string(), z.unknown()).describe('This document'),
  AccountDataExport: accountData,
};

const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The body of every error answer (`ApiError` in the contracts). */
export const apiErrorSchema: z.ZodType<ApiError> = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(ERROR_CODE_NAMES).describe('What went wrong, for programs (ERROR_CODES)'),
    message: z.string().describe('What went wrong, for people'),
    plan: z
      .enum(Object.keys(PLAN_LIMITS) as [keyof typeof PLAN_LIMITS])
      .optional()
      .describe('On a plan-limit answer only: whose limit was reached'),
  })
  .meta({ id: 'ApiError' });
