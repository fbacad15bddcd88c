/**
 * The start of the web app. This first chunk holds the store and the API slice only: it checks
 * the stored session (GET /api/auth/me) and starts the public configuration and the opened page's
 * data at once, while the React app (React DOM, MUI, the router, the opened page's chunk) loads
 * once the page's first content is on screen, a library per task (app/load-app.ts).
 */
import { loadApp } from './app/load-app';
import { pageAt, prefetchPageData } from './app/route-pages';
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
prefetchPageData(store, pageAt(window.location.pathname));
