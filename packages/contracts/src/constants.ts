/** Business constants of the product (spec section 9). */

export const TOTAL_SCORE_MIN = 472;
export const TOTAL_SCORE_MAX = 528;
export const SECTION_SCORE_MIN = 118;
export const SECTION_SCORE_MAX = 132;

export const PASSWORD_MIN_LENGTH = 6;
export const SOURCE_MAX_LENGTH = 100;

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

/** Browser storage keys (spec section 3). */
export const STORAGE_KEYS = { token: 'token', darkMode: 'darkMode' } as const;

export const ROLES = ['student', 'billing'] as const;
export type Role = (typeof ROLES)[number];
