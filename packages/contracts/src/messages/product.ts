/**
 * The texts the product fixes for its forms (validation), its plan limits and its errors, and the
 * answers to requests a service cannot take (too large, another body type, a bad page).
 */
import {
  CARD_NUMBER_MAX_LENGTH,
  COUPON_CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EVENT_TYPE_FILTER_MAX_LENGTH,
  IMPORT_FILE_MAX_BYTES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGN_IN_PASSWORD_MAX_LENGTH,
  PLAN_LIMITS,
  PROVIDER_ID_MAX_LENGTH,
  QUESTION_PAGE_LIMIT_MAX,
  QUESTION_TEXT_MAX_LENGTH,
  STATUS_FILTER_MAX_LENGTH,
  TOPIC_TAG_MAX_LENGTH,
  TOPIC_TAGS_MAX,
} from '../constants';

const { free, premium } = PLAN_LIMITS;

export const VALIDATION = {
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  nameRequired: 'Name is required',
  confirmPasswordRequired: 'Confirm password is required',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  dateRequired: 'Date is required',
  dateInFuture: 'Date cannot be in the future',
  totalTooLow: 'Score must be at least 472',
  totalTooHigh: 'Score cannot exceed 528',
  sourceRequired: 'Test source is required',
  sourceTooLong: 'Source cannot exceed 100 characters',
  customSourceRequired: 'Please enter a custom test source',
  sectionScoreTooLow: 'Score must be at least 118',
  sectionScoreTooHigh: 'Score cannot exceed 132',
  chemPhysRequired: 'Chem/Phys score is required',
  carsRequired: 'CARS score is required',
  bioRequired: 'Bio score is required',
  psychSocRequired: 'Psych/Soc score is required',
  testRequired: 'Test is required',
  sectionRequired: 'Section is required',
  questionNumberRequired: 'Question number is required',
  questionNumberPositive: 'must be positive',
  questionNumberInteger: 'must be an integer',
  wrongAnswerReasonRequired: 'Reason for wrong answer is required',
  rightAnswerReasonRequired: 'Reason for right answer is required',
  improvementPlanRequired: 'Improvement plan is required',
  questionNumberFirst: 'Please enter a question number first.',
  couponRequired: 'Please enter a coupon code.',
  excelFileOnly: 'Please select an Excel file (.xlsx or .xls)',
} as const;

/**
 * A whole number as English writes it, 5000 as "5,000". Not `toLocaleString`: the first call
 * loads the browser's number formatting, some 15 ms of a phone's CPU in the web app's first
 * chunk, which builds these messages as it loads.
 */
export const withThousandsSeparators = (count: number): string =>
  String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A text field over its limit: "Improvement plan must be at most 5,000 characters." */
export const tooLong = (field: string, max: number): string =>
  `${field} must be at most ${withThousandsSeparators(max)} characters.`;

/**
 * The answer (400) and form error for each text field over its length limit, and for too many
 * topic tags. The source keeps the spec's own "Source cannot exceed 100 characters".
 */
export const TOO_LONG = {
  name: tooLong('Name', NAME_MAX_LENGTH),
  email: tooLong('Email', EMAIL_MAX_LENGTH),
  password: tooLong('Password', PASSWORD_MAX_LENGTH),
  signInPassword: tooLong('Password', SIGN_IN_PASSWORD_MAX_LENGTH),
  wrongAnswerReason: tooLong('Reason for wrong answer', QUESTION_TEXT_MAX_LENGTH),
  rightAnswerReason: tooLong('Reason for right answer', QUESTION_TEXT_MAX_LENGTH),
  improvementPlan: tooLong('Improvement plan', QUESTION_TEXT_MAX_LENGTH),
  topicTag: tooLong('A topic tag', TOPIC_TAG_MAX_LENGTH),
  topicTags: `A question can have at most ${TOPIC_TAGS_MAX} topic tags.`,
  topicTagFilter: tooLong('The topic tag filter', TOPIC_TAG_MAX_LENGTH),
  couponCode: tooLong('Coupon code', COUPON_CODE_MAX_LENGTH),
  couponId: tooLong('couponId', PROVIDER_ID_MAX_LENGTH),
  paymentIntentId: tooLong('paymentIntentId', PROVIDER_ID_MAX_LENGTH),
  clientSecret: tooLong('clientSecret', PROVIDER_ID_MAX_LENGTH),
  cardNumber: tooLong('Card number', CARD_NUMBER_MAX_LENGTH),
  typeFilter: tooLong('The type filter', EVENT_TYPE_FILTER_MAX_LENGTH),
  statusFilter: tooLong('The status filter', STATUS_FILTER_MAX_LENGTH),
  emailFilter: tooLong('The email filter', EMAIL_MAX_LENGTH),
} as const;

/** The 400s of the question lists' paging parameters, `limit` and `cursor` (docs/api-paging.md). */
export const PAGING_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${QUESTION_PAGE_LIMIT_MAX}.`,
  cursor:
    'cursor must be the nextCursor of an earlier page of this list. Load the list again from its first page.',
  cursorWithoutLimit: 'cursor is only taken together with limit.',
} as const;

/** Answers about a request's body as a whole, whatever the route. */
export const REQUEST_MESSAGES = {
  /** 415: a body that is not JSON (form-encoded, text/plain, …) sent to a JSON route. */
  unsupportedContentType:
    'Unsupported content type: send the body as JSON (Content-Type: application/json).',
  /** 415: a compressed body (Content-Encoding gzip, br, …): bodies are read as sent, never inflated. */
  unsupportedContentEncoding:
    'Unsupported content encoding: send the body uncompressed (no Content-Encoding).',
  /** 413 from the gateway or a service. */
  bodyTooLarge: 'The request body is too large',
  /** 413 of the spreadsheet import. */
  importFileTooLarge: `The file is too large. Excel files of up to ${IMPORT_FILE_MAX_BYTES / (1024 * 1024)} MB can be imported.`,
  /** 400: a query string with a repeated parameter, a bracket key or a `$` key. */
  structuredQuery: 'Query parameters must be plain text values',
  /** 400: a request path that does not normalise (encoded slashes, dot segments, bad escapes). */
  invalidPath: 'Invalid request path',
  /** 414: a path parameter longer than the router reads (the path is never echoed back). */
  pathTooLong: 'The request path is too long.',
  /** 431: request headers larger than the server reads. */
  headersTooLarge: 'The request headers are too large.',
  /** 408: the request did not arrive whole in time. */
  requestTimeout: 'The request took too long to arrive: send it again.',
  /** 400: a request the HTTP server could not read at all. */
  malformedRequest: 'The request could not be read as HTTP.',
  /** 404 of a method and path no route serves (neither is echoed back). */
  routeNotFound:
    'No such route: check the method and the path (the API is described at /api/docs).',
  /** 405 of a path the API has, with a method it does not take there (neither is echoed back). */
  methodNotAllowed:
    'This path does not take this method: the Allow header lists those it takes (see /api/docs).',
  /** 400 of the spreadsheet import when the multipart form itself cannot be read. */
  malformedUpload:
    'The upload could not be read: it is not a well-formed multipart form. Please select the Excel file again.',
} as const;

const freeTests = `Free users can only create ${free.tests} tests. Upgrade to premium for up to ${premium.tests} tests.`;
const freeQuestions = `Free users can only create ${free.questions} questions. Upgrade to premium for up to ${premium.questions} questions.`;

/** The plan limits' 403 answers (code PLAN_LIMIT_TESTS or PLAN_LIMIT_QUESTIONS). */
export const LIMITS = {
  freeTests,
  freeTestsImport: `Free users can only have a maximum of ${free.tests} tests. Upgrade to premium for up to ${premium.tests} tests.`,
  premiumTests: `You have reached the maximum limit of ${premium.tests} tests. Please delete some tests before adding new ones.`,
  freeQuestions,
  premiumQuestions: `You have reached the maximum limit of ${premium.questions} questions. Please delete some questions before adding new ones.`,
  /** What the web app's upgrade prompt says when a free user's create is refused. */
  upgradePrompt: {
    tests: `Sorry, storage costs are expensive. ${freeTests}`,
    questions: `Sorry, computational costs are expensive. ${freeQuestions}`,
  },
} as const;

/** The answers of a done deletion. */
export const DELETED_MESSAGES = {
  test: 'Test deleted',
  question: 'Question deleted',
} as const;

export const ERRORS = {
  sessionLoad: 'Authentication error',
  register: 'Registration failed',
  login: 'Login failed',
  profileUpdate: 'Profile update failed',
  profileUpdateAlt: 'Failed to update profile',
  passwordChange: 'Password change failed',
  passwordChangeAlt: 'Failed to change password',
  requestReset: 'Failed to request password reset',
  invalidResetToken: 'Invalid or expired reset token',
  resetPassword: 'Failed to reset password',
  fetchTests: 'Failed to fetch tests',
  fetchTest: 'Failed to fetch test',
  fetchTestDetails: 'Failed to fetch test details',
  deleteTest: 'Failed to delete test',
  markReviewComplete: 'Failed to mark review as complete',
  updateTest: 'Failed to update test',
  createTest: 'Failed to create test',
  importTests: 'Failed to import tests',
  exportTests: 'Failed to export tests',
  updateReview: 'Failed to update review status',
  resetReview: 'Failed to reset review status/review',
  fetchQuestions: 'Failed to fetch questions',
  deleteQuestion: 'Failed to delete question',
  toggleAnki: 'Failed to toggle Anki status',
  searchQuestions: 'Failed to search questions',
  fetchTestQuestions: 'Failed to fetch questions for this test',
  fetchTags: 'Failed to fetch tags',
  fetchQuestion: 'Failed to fetch question',
  updateQuestion: 'Failed to update question',
  createQuestion: 'Failed to create question',
  saveTest: 'An error occurred while saving the test',
  saveQuestion: 'An error occurred while saving the question',
  invalidCoupon: 'Invalid coupon code',
  createPaymentIntent: 'Failed to create payment intent',
  confirmPremium: 'Failed to confirm premium upgrade',
  cardUnexpected: 'An unexpected error occurred. Please try again.',
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  dashboardFetch: 'Error fetching test data. Please try again later.',
  exportFailed: 'Failed to export tests. Please try again.',
  importFailed: (message: string) => `Failed to import tests: ${message}`,
  testNotFound: 'Test Not Found',
  questionNotFound: 'Question Not Found',
  pageNotFound: 'Page Not Found',
  routerError: 'Unexpected Application Error!',
} as const;
