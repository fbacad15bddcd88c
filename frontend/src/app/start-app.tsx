/** The React app: the router over the route table, rendered into the page's #root. */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { canHydrate, holdsSignedInShell, SIGNED_IN_SHELL_ATTRIBUTE } from './prerendered-page';
import { createAppRouter, type AppRouter } from './router';
import type { AppStore } from './store';

/**
 * Renders once the router has the opened page's code (fetched by main.tsx before this chunk ran
 * on a page with nothing on screen yet, else by the router here), so what React first shows is
 * that page, not the router's spinner followed by the page. A
 * page the build prerendered is hydrated when the visitor would see it as prerendered. Over the
 * signed-in shell it renders once the session is loaded too, so the shell's heading gives way to
 * the same heading, not to the session's spinner.
 */
export function startApp(store: AppStore, container: HTMLElement): AppRouter {
  const router = createAppRouter(store);
  const app = (hydrating: boolean) => (
    <StrictMode>
      <AppProviders store={store} hydrating={hydrating}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const render = () => {
    // As a transition, hydration (and the render over the signed-in shell) yields to the browser
    // between components instead of holding the main thread for the whole page: the page's text
    // is on screen already.
    if (canHydrate(container, store.getState())) {
      startTransition(() => {
        hydrateRoot(container, app(true));
      });
    } else if (holdsSignedInShell(container)) {
      const root = createRoot(container);
      container.removeAttribute(SIGNED_IN_SHELL_ATTRIBUTE);
      startTransition(() => root.render(app(false)));
    } else createRoot(container).render(app(false));
  };
  const ready = () =>
    router.state.initialized &&
    !(holdsSignedInShell(container) && store.getState().session.loading);
  if (ready()) render();
  else {
    const subscriptions: (() => void)[] = [];
    const renderWhenReady = () => {
      if (!ready()) return;
      subscriptions.forEach((unsubscribe) => unsubscribe());
      render();
    };
    subscriptions.push(router.subscribe(renderWhenReady), store.subscribe(renderWhenReady));
  }
  return router;
}
