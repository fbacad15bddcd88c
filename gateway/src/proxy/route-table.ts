/** The services the gateway forwards to, by the name its messages and /api/health use. */
export type RoutedService = 'auth' | 'tests' | 'questions' | 'billing';

/** A path pattern of the gateway and where requests matching it go. */
export interface ProxyRoute {
  /** A Fastify route path; the most specific pattern wins (static, then wildcard). */
  path: string;
  service: RoutedService;
  /** Callable without a token (sign-in screens, the Stripe webhook, public configuration). */
  public?: boolean;
  /**
   * Spreadsheet import and export, the Anki deck export, the student's data export: the long
   * upstream timeout applies.
   */
  long?: boolean;
  /**
   * Takes a multipart/form-data upload (UPLOAD_BODY_LIMIT) besides JSON. Every other route takes
   * only JSON bodies: anything else answers 415 before it is forwarded.
   */
  upload?: boolean;
  /**
   * The one-click unsubscribe address of reminder mails (RFC 8058): also takes the two form
   * types mail clients POST, and no body over ONE_CLICK_BODY_LIMIT whatever its type.
   */
  oneClick?: boolean;
}

/**
 * Every path the gateway forwards, unchanged, to a service. Nothing else is forwarded: other
 * `/api` paths answer 404 and `/internal/*` is never reachable from outside.
 */
export const PROXY_ROUTES: readonly ProxyRoute[] = [
  { path: '/api/auth/*', service: 'auth' },
  { path: '/api/auth/register', service: 'auth', public: true },
  { path: '/api/auth/login', service: 'auth', public: true },
  { path: '/api/auth/forgot-password', service: 'auth', public: true },
  { path: '/api/auth/reset-password/*', service: 'auth', public: true },
  {
    path: '/api/auth/review-reminders/unsubscribe/*',
    service: 'auth',
    public: true,
    oneClick: true,
  },
  // The student's data export gathers every service's part (up to 15 s each, in parallel).
  { path: '/api/auth/me/export', service: 'auth', long: true },
  // The premium purchase lives in billing although the web app calls it under /api/auth.
  { path: '/api/auth/apply-coupon', service: 'billing' },
  { path: '/api/auth/create-payment-intent', service: 'billing' },
  { path: '/api/auth/confirm-premium', service: 'billing' },
  { path: '/api/tests', service: 'tests' },
  { path: '/api/tests/*', service: 'tests' },
  { path: '/api/tests/import/excel', service: 'tests', long: true, upload: true },
  { path: '/api/tests/export/excel', service: 'tests', long: true },
  { path: '/api/questions', service: 'questions' },
  { path: '/api/questions/*', service: 'questions' },
  { path: '/api/questions/export/anki', service: 'questions', long: true },
  { path: '/api/billing', service: 'billing' },
  { path: '/api/billing/*', service: 'billing' },
  { path: '/api/billing/webhook', service: 'billing', public: true },
  { path: '/api/billing/config', service: 'billing', public: true },
];

/** The routes that take multipart uploads. */
export const UPLOAD_PATHS: readonly string[] = PROXY_ROUTES.filter((route) => route.upload).map(
  (route) => route.path,
);

/** The routes that take a one-click unsubscribe form. */
export const ONE_CLICK_PATHS: readonly string[] = PROXY_ROUTES.filter(
  (route) => route.oneClick,
).map((route) => route.path);

/** Paths answered 404 by the gateway itself: never forwarded, whatever follows. */
export const UNROUTED_PATHS = ['/api/*', '/internal/*'] as const;
