import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/router';
import { appListeners, createAppStore } from './app/store';
import { startSession } from './features/auth/session-slice';
import { api, unauthorized } from './lib/api';

const store = createAppStore();
const router = createAppRouter();

appListeners.startListening({
  actionCreator: unauthorized,
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
    if (router.state.location.pathname !== '/login') void router.navigate('/login');
  },
});

store.dispatch(startSession());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} router={router} />
  </StrictMode>,
);
