/** Business constants of the product. */

export const TOTAL_SCORE_MIN = 472;
export const TOTAL_SCORE_MAX = 528;
export const SECTION_SCORE_MIN = 118;
export const SECTION_SCORE_MAX = 132;

export const PASSWORD_MIN_LENGTH = 6;
export const SOURCE_MAX_LENGTH = 100;

/**
 * Longest text each request field takes, and longest lists (docs/adr/0012-input-limits.md has the
 * table and the reasons). The spec fixes only the source's 100; the rest are generous bounds.
 */
export const NAME_MAX_LENGTH = 100;
/** RFC 5321's longest usable address. */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * A password typed to prove who one is (sign-in, the current password of a change): accounts made
 * before PASSWORD_MAX_LENGTH existed may hold a longer one and must still sign in; bounded all the
 * same, so the hashing never gets a megabyte.
 */
export const SIGN_IN_PASSWORD_MAX_LENGTH = 1024;
/** Each of a missed question's three texts: why wrong, why right, how to improve. */
export const QUESTION_TEXT_MAX_LENGTH = 5000;
export const TOPIC_TAG_MAX_LENGTH = 50;
export const TOPIC_TAGS_MAX = 20;
export const COUPON_CODE_MAX_LENGTH = 100;
/**
 * Paging of `GET /api/questions` and `/api/questions/search` (docs/api-paging.md): most questions
 * one page answers, and the longest cursor taken (a cursor the service gives out is 66 characters).
 */
export const QUESTION_PAGE_LIMIT_MAX = 200;
export const QUESTION_CURSOR_MAX_LENGTH = 100;
/** Ids and secrets of the payment provider (Stripe's are far shorter). */
export const PROVIDER_ID_MAX_LENGTH = 255;
/** 19 digits with a space or dash between each. */
export const CARD_NUMBER_MAX_LENGTH = 40;
/** Text filters of the billing staff's lists. */
export const EVENT_TYPE_FILTER_MAX_LENGTH = 100;
export const STATUS_FILTER_MAX_LENGTH = 50;

/**
 * Largest spreadsheet the import takes: "2 MB" is 2 MiB, 2,097,152 bytes (the unit of the sizes
 * Windows and Excel show); the web app checks it before uploading and the tests service enforces it.
 */
export const IMPORT_FILE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Data rows (below the header row) a spreadsheet import reads at the most: far more than any plan
 * allows, so a bigger sheet is refused before its rows are read.
 */
export const IMPORT_ROWS_MAX = 1000;

export const PLAN_LIMITS = {
  free: { tests: 2, questions: 300 },
  premium: { tests: 15, questions: 1300 },
} as const;

export type Plan = keyof typeof PLAN_LIMITS;

export const planOf = (isPremium: boolean): Plan => (isPremium ? 'premium' : 'free');

/** Premium is a one-time payment of $10. Amounts live on the server, never in a request. */
export const PREMIUM_PRICE = { amount: 1000, currency: 'usd' } as const;

export const RECENT_TESTS_SHOWN = 5;
export const TAG_SUGGESTIONS_MAX = 5;
export const AUTH_ALERT_HIDE_MS = 5000;
export const SUCCESS_MESSAGE_HIDE_MS = 3000;
export const RESET_REDIRECT_MS = 3000;
export const PROGRESS_LABEL_MIN_PERCENT = 10;
export const NARROW_SCREEN_PX = 768;
export const EXPORT_FILE_NAME = 'mcat-tests.xlsx';
export const DEMO_CHART_ANIMATION_MS = 2000;
export const OFFICIAL_PRACTICE_EXAMS = 6;
export const RECOMMENDED_TESTS = '8-10';

/**
 * Browser storage keys. `studentName` is the signed-in student's name, kept beside the token so
 * the dashboard's prerendered shell can greet them before the app's scripts run; `studentNav`
 * is what the navigation bar shows of their account, as the words of NAV_ACCOUNT_MARKS
 * ("free" or "premium", then "billing" for billing staff), so that the shell shows a premium
 * student no "Upgrade to Premium" and billing staff their Billing link.
 */
export const STORAGE_KEYS = {
  token: 'token',
  darkMode: 'darkMode',
  studentName: 'studentName',
  studentNav: 'studentNav',
} as const;

/** The marks of the navigation bar's account-dependent items (STORAGE_KEYS.studentNav). */
export const NAV_ACCOUNT_MARKS = { free: 'free', premium: 'premium', billing: 'billing' } as const;

export const ROLES = ['student', 'billing'] as const;
export type Role = (typeof ROLES)[number];
