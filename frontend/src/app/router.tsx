/**
 * The route table (spec section 2). Every page is its own lazily loaded chunk, so a page's code
 * (and chart.js, which only the landing page and the dashboard use) loads when it is visited.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../components/loading-spinner';
import { RootLayout } from './root-layout';
import { RequireNoSession, RequireSession } from './route-guards';
import { RouterErrorScreen } from './router-error-screen';

const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: pick(await load()) });

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('./routes/landing-route'),
      (m) => m.LandingRoute,
    ),
  },
  {
    path: 'guide',
    lazy: page(
      () => import('./routes/guide-route'),
      (m) => m.GuideRoute,
    ),
  },
  {
    path: 'about',
    lazy: page(
      () => import('./routes/about-route'),
      (m) => m.AboutRoute,
    ),
  },
  {
    path: 'forgot-password',
    lazy: page(
      () => import('./routes/forgot-password-route'),
      (m) => m.ForgotPasswordRoute,
    ),
  },
  {
    path: 'reset-password/:token',
    lazy: page(
      () => import('./routes/reset-password-route'),
      (m) => m.ResetPasswordRoute,
    ),
  },
];

const signedOutOnlyRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: page(
      () => import('./routes/login-route'),
      (m) => m.LoginRoute,
    ),
  },
  {
    path: 'register',
    lazy: page(
      () => import('./routes/register-route'),
      (m) => m.RegisterRoute,
    ),
  },
];

const protectedRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: page(
      () => import('./routes/dashboard-route'),
      (m) => m.DashboardRoute,
    ),
  },
  {
    path: 'profile',
    lazy: page(
      () => import('./routes/profile-route'),
      (m) => m.ProfileRoute,
    ),
  },
  {
    path: 'premium',
    lazy: page(
      () => import('./routes/premium-route'),
      (m) => m.PremiumRoute,
    ),
  },
  {
    path: 'billing',
    lazy: page(
      () => import('./routes/billing-route'),
      (m) => m.BillingRoute,
    ),
  },
  {
    path: 'tests',
    lazy: page(
      () => import('./routes/tests-route'),
      (m) => m.TestsRoute,
    ),
  },
  {
    path: 'tests/new',
    lazy: page(
      () => import('./routes/test-form-routes'),
      (m) => m.NewTestRoute,
    ),
  },
  {
    path: 'tests/:id',
    lazy: page(
      () => import('./routes/test-detail-route'),
      (m) => m.TestDetailRoute,
    ),
  },
  {
    path: 'tests/:id/edit',
    lazy: page(
      () => import('./routes/test-form-routes'),
      (m) => m.EditTestRoute,
    ),
  },
  {
    path: 'tests/:id/review',
    lazy: page(
      () => import('./routes/review-route'),
      (m) => m.ReviewRoute,
    ),
  },
  {
    path: 'tests/:testId/questions/new',
    lazy: page(
      () => import('./routes/question-form-routes'),
      (m) => m.NewQuestionRoute,
    ),
  },
  {
    path: 'questions',
    lazy: page(
      () => import('./routes/questions-route'),
      (m) => m.QuestionsRoute,
    ),
  },
  {
    path: 'questions/:id/edit',
    lazy: page(
      () => import('./routes/question-form-routes'),
      (m) => m.EditQuestionRoute,
    ),
  },
];

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouterErrorScreen />,
    hydrateFallbackElement: <LoadingSpinner />,
    children: [
      {
        errorElement: <RouterErrorScreen />,
        children: [
          ...publicRoutes,
          { element: <RequireNoSession />, children: signedOutOnlyRoutes },
          { element: <RequireSession />, children: protectedRoutes },
          {
            path: '*',
            lazy: page(
              () => import('./routes/not-found-route'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
export type AppRouter = ReturnType<typeof createAppRouter>;
