/** The React app: the router over the route table, rendered into the page's #root. */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { canHydrate } from './prerendered-page';
import { createAppRouter, type AppRouter } from './router';
import type { AppStore } from './store';

/**
 * Renders once the router has the opened page's code (main.tsx started fetching it before this
 * chunk ran), so the first paint is that page, not the router's spinner followed by the page. A
 * page the build prerendered is hydrated when the visitor would see it as prerendered.
 */
export function startApp(store: AppStore, container: HTMLElement): AppRouter {
  const router = createAppRouter(store);
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const render = () => {
    // As a transition, hydration yields to the browser between components instead of holding
    // the main thread for the whole page: the page's text is on screen already.
    if (canHydrate(container, store.getState())) {
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else createRoot(container).render(app);
  };
  if (router.state.initialized) render();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      render();
    });
  }
  return router;
}
