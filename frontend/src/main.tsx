/**
 * The start of the web app. This first chunk holds the store and the API slice only: it checks
 * the stored session (GET /api/auth/me) and starts the public configuration and the opened page's
 * data at once, while the React app (React DOM, MUI, the router) loads once the page's first
 * content is on screen, a library per task (app/load-app.ts), and the router then the page's
 * chunk.
 */
import { loadApp } from './app/load-app';
import { pageAt, prefetchPageData, preloadPage } from './app/route-pages';
import { appListeners, createAppStore } from './app/store';
import { startSession } from './features/auth/session-slice';
import { prefetchPublicConfig } from './features/site-config/config-api';
import { api, unauthorized } from './lib/api';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const store = createAppStore();
const started = loadApp(container).then(({ startApp }) => startApp(store, container));

appListeners.startListening({
  actionCreator: unauthorized,
  effect: async (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
    const router = await started;
    if (router.state.location.pathname !== '/login') void router.navigate('/login');
  },
});

store.dispatch(startSession());
store.dispatch(prefetchPublicConfig());
const openedPage = pageAt(window.location.pathname);
// On a page with nothing on screen yet (neither prerendered nor the signed-in shell) nothing waits
// for a first paint: the page's chunk is fetched at once, and runs with the app it needs.
if (!container.hasChildNodes()) preloadPage(openedPage);
prefetchPageData(store, openedPage);
