/** Writes every change of the session token to local storage, or removes it when null. */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { writeStoredToken } from '../../lib/browser-storage';
import type { SessionState } from './session-slice';

interface SessionRoot {
  session: SessionState;
}

export const sessionPersistence = createListenerMiddleware<SessionRoot>();

sessionPersistence.startListening({
  predicate: (_action, current, previous) => current.session.token !== previous.session.token,
  effect: (_action, listenerApi) => writeStoredToken(listenerApi.getState().session.token),
});
