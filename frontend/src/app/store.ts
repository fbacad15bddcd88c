import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { sessionSlice, type SessionState } from '../features/auth/session-slice';
import { sessionPersistence } from '../features/auth/session-persistence';

/** App-level reactions to actions (navigation after a 401), registered by main.tsx. */
export const appListeners = createListenerMiddleware();

/** A store; `session` starts it with a given session instead of the stored one (the prerender). */
export const createAppStore = (session?: SessionState) =>
  configureStore({
    preloadedState: session ? { session } : undefined,
    reducer: {
      [api.reducerPath]: api.reducer,
      session: sessionSlice.reducer,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(sessionPersistence.middleware, appListeners.middleware)
        .concat(api.middleware),
  });

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
