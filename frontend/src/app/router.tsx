/**
 * The route table. Every page is its own lazily loaded chunk (route-pages.ts), so
 * a page's code (and chart.js, which only the landing page and the dashboard use) loads when it is
 * visited; a page with data starts its request as the navigation starts, next to its chunk.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../components/loading-spinner';
import { RootLayout } from './root-layout';
import { RequireNoSession, RequireSession } from './route-guards';
import { RouterErrorScreen } from './router-error-screen';
import { PAGES, prefetchPageData, type RoutePage } from './route-pages';
import type { AppStore } from './store';

export function createAppRoutes(store: AppStore): RouteObject[] {
  const route = (routePage: RoutePage): RouteObject => {
    const { path, lazy, prefetch } = routePage;
    const loader = prefetch
      ? () => {
          prefetchPageData(store, routePage);
          return null;
        }
      : undefined;
    return path === '' ? { index: true, lazy, loader } : { path, lazy, loader };
  };

  const publicRoutes = [
    PAGES.landing,
    PAGES.guide,
    PAGES.about,
    PAGES.forgotPassword,
    PAGES.resetPassword,
    PAGES.unsubscribe,
  ].map(route);
  const signedOutOnlyRoutes = [PAGES.login, PAGES.register].map(route);
  const protectedRoutes = [
    PAGES.dashboard,
    PAGES.profile,
    PAGES.premium,
    PAGES.billing,
    PAGES.tests,
    PAGES.newTest,
    PAGES.testDetail,
    PAGES.editTest,
    PAGES.review,
    PAGES.newQuestion,
    PAGES.questions,
    PAGES.editQuestion,
    PAGES.insights,
    PAGES.reReview,
  ].map(route);

  return [
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
            route(PAGES.notFound),
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = (store: AppStore) => createBrowserRouter(createAppRoutes(store));
export type AppRouter = ReturnType<typeof createAppRouter>;
