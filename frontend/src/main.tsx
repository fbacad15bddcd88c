/**
 * The start of the web app. This first chunk holds the store and the API slice only: it checks
 * the stored session (GET /api/auth/me) and starts the public configuration, the opened page's
 * chunk and that page's data, all at once, while the browser still fetches and evaluates the React
 * app's chunk (React DOM, MUI, the router), which index.html preloads (see vite.config.ts).
 */
import { pageAt, prefetchPageData, preloadPage } from './app/route-pages';
import { appListeners, createAppStore } from './app/store';
import { startSession } from './features/auth/session-slice';
import { prefetchPublicConfig } from './features/site-config/config-api';
import { api, unauthorized } from './lib/api';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const store = createAppStore();
const started = import('./app/start-app').then(({ startApp }) => startApp(store, container));

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
preloadPage(openedPage);
prefetchPageData(store, openedPage);
