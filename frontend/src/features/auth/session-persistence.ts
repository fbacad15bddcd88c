/**
 * Writes the session to local storage: every change of the token, removed when null, and the
 * signed-in student's name beside it (removed with the token), which the dashboard's prerendered
 * shell greets them with before the app's scripts run.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { writeStoredStudentName, writeStoredToken } from '../../lib/browser-storage';
import type { SessionState } from './session-slice';

interface SessionRoot {
  session: SessionState;
}

export const sessionPersistence = createListenerMiddleware<SessionRoot>();

sessionPersistence.startListening({
  predicate: (_action, current, previous) => current.session.token !== previous.session.token,
  effect: (_action, listenerApi) => writeStoredToken(listenerApi.getState().session.token),
});

const storedName = ({ token, user }: SessionState): string | null | undefined => {
  if (token === null) return null;
  return user === null ? undefined : user.name;
};

sessionPersistence.startListening({
  predicate: (_action, current, previous) =>
    storedName(current.session) !== storedName(previous.session),
  effect: (_action, listenerApi) => {
    const name = storedName(listenerApi.getState().session);
    if (name !== undefined) writeStoredStudentName(name);
  },
});
