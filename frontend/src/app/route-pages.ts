/**
 * Every page of the route table: its path, how its lazily loaded chunk is
 * fetched, and for some the data it shows. The router (router.tsx) is built from these; the start
 * of the app (main.tsx) uses them before the router's own code has even been evaluated, to fetch
 * the chunk and the data of the page being opened while the rest of the app loads.
 *
 * This module is part of the first chunk the browser evaluates: it must not import React
 * components, MUI or the router.
 */
import type { ComponentType } from 'react';
import { testsApi } from '../features/tests/api/tests-api';
import type { AppStore } from './store';

export interface RoutePage {
  /** Relative to the root route: 'dashboard', 'tests/:id'; '' is the index route (/). */
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  /** Starts the requests of the data the page shows, for a signed-in user. */
  prefetch?: (store: AppStore) => void;
}

const page =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: pick(await load()) });

export const PAGES = {
  landing: {
    path: '',
    lazy: page(
      () => import('./routes/landing-route'),
      (m) => m.LandingRoute,
    ),
  },
  guide: {
    path: 'guide',
    lazy: page(
      () => import('./routes/guide-route'),
      (m) => m.GuideRoute,
    ),
  },
  about: {
    path: 'about',
    lazy: page(
      () => import('./routes/about-route'),
      (m) => m.AboutRoute,
    ),
  },
  forgotPassword: {
    path: 'forgot-password',
    lazy: page(
      () => import('./routes/forgot-password-route'),
      (m) => m.ForgotPasswordRoute,
    ),
  },
  resetPassword: {
    path: 'reset-password/:token',
    lazy: page(
      () => import('./routes/reset-password-route'),
      (m) => m.ResetPasswordRoute,
    ),
  },
  unsubscribe: {
    path: 'unsubscribe/:token',
    lazy: page(
      () => import('./routes/unsubscribe-route'),
      (m) => m.UnsubscribeRoute,
    ),
  },
  login: {
    path: 'login',
    lazy: page(
      () => import('./routes/login-route'),
      (m) => m.LoginRoute,
    ),
  },
  register: {
    path: 'register',
    lazy: page(
      () => import('./routes/register-route'),
      (m) => m.RegisterRoute,
    ),
  },
  dashboard: {
    path: 'dashboard',
    lazy: page(
      () => import('./routes/dashboard-route'),
      (m) => m.DashboardRoute,
    ),
    prefetch: (store) => void store.dispatch(testsApi.util.prefetch('getTests', undefined, {})),
  },
  profile: {
    path: 'profile',
    lazy: page(
      () => import('./routes/profile-route'),
      (m) => m.ProfileRoute,
    ),
  },
  premium: {
    path: 'premium',
    lazy: page(
      () => import('./routes/premium-route'),
      (m) => m.PremiumRoute,
    ),
  },
  billing: {
    path: 'billing',
    lazy: page(
      () => import('./routes/billing-route'),
      (m) => m.BillingRoute,
    ),
  },
  tests: {
    path: 'tests',
    lazy: page(
      () => import('./routes/tests-route'),
      (m) => m.TestsRoute,
    ),
  },
  newTest: {
    path: 'tests/new',
    lazy: page(
      () => import('./routes/test-form-routes'),
      (m) => m.NewTestRoute,
    ),
  },
  testDetail: {
    path: 'tests/:id',
    lazy: page(
      () => import('./routes/test-detail-route'),
      (m) => m.TestDetailRoute,
    ),
  },
  editTest: {
    path: 'tests/:id/edit',
    lazy: page(
      () => import('./routes/test-form-routes'),
      (m) => m.EditTestRoute,
    ),
  },
  review: {
    path: 'tests/:id/review',
    lazy: page(
      () => import('./routes/review-route'),
      (m) => m.ReviewRoute,
    ),
  },
  newQuestion: {
    path: 'tests/:testId/questions/new',
    lazy: page(
      () => import('./routes/question-form-routes'),
      (m) => m.NewQuestionRoute,
    ),
  },
  questions: {
    path: 'questions',
    lazy: page(
      () => import('./routes/questions-route'),
      (m) => m.QuestionsRoute,
    ),
  },
  editQuestion: {
    path: 'questions/:id/edit',
    lazy: page(
      () => import('./routes/question-form-routes'),
      (m) => m.EditQuestionRoute,
    ),
  },
  reReview: {
    path: 're-review',
    lazy: page(
      () => import('./routes/re-review-route'),
      (m) => m.ReReviewRoute,
    ),
  },
  insights: {
    path: 'insights',
    lazy: page(
      () => import('./routes/insights-route'),
      (m) => m.InsightsRoute,
    ),
  },
  notFound: {
    path: '*',
    lazy: page(
      () => import('./routes/not-found-route'),
      (m) => m.NotFoundRoute,
    ),
  },
} satisfies Record<string, RoutePage>;

const segments = (path: string): string[] => path.split('/').filter((part) => part !== '');

/** Whether a pathname is one of a page's paths: ':name' takes any one segment, '*' anything. */
export const pathMatches = (pattern: string, pathname: string): boolean => {
  const wanted = segments(pattern);
  const actual = segments(pathname);
  if (wanted.length === 1 && wanted[0] === '*') return true;
  return (
    wanted.length === actual.length &&
    wanted.every((part, index) => part.startsWith(':') || part === actual[index])
  );
};

/**
 * The page a pathname opens, as the router will find it: a static segment ranks above a
 * parameter (tests/new above tests/:id), and the catch-all comes last.
 */
export const pageAt = (pathname: string): RoutePage => {
  const rank = ({ path }: RoutePage) =>
    path === '*' ? -1 : segments(path).filter((part) => !part.startsWith(':')).length;
  const candidates: RoutePage[] = Object.values(PAGES).filter(({ path }) =>
    pathMatches(path, pathname),
  );
  return candidates.sort((a, b) => rank(b) - rank(a))[0];
};

/** Starts fetching a page's chunk; should that fail, the router's own load fails and says so. */
export const preloadPage = (routePage: RoutePage): void => {
  routePage.lazy().catch(() => undefined);
};

/** The data request of a page, if it has one and someone is signed in to see it. */
export const prefetchPageData = (store: AppStore, routePage: RoutePage): void => {
  if (store.getState().session.token) routePage.prefetch?.(store);
};
