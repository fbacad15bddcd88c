/** The React app: the router over the route table, rendered into the page's #root. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { createAppRouter, type AppRouter } from './router';
import type { AppStore } from './store';

/**
 * Renders once the router has the opened page's code (main.tsx started fetching it before this
 * chunk ran), so the first paint is that page, not the router's spinner followed by the page.
 */
export function startApp(store: AppStore, container: HTMLElement): AppRouter {
  const router = createAppRouter(store);
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders store={store} router={router} />
      </StrictMode>,
    );
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
