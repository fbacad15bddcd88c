/**
 * Writes the session to local storage: every change of the token, removed when null, and the
 * signed-in student's name and account beside it (removed with the token), which the dashboard's
 * prerendered shell greets them with and shows in its navigation bar before the app's scripts run.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import {
  writeStoredNavAccount,
  writeStoredStudentName,
  writeStoredToken,
} from '../../lib/browser-storage';
import { navAccountMarks, navAccountOfUser, type NavAccount } from '../../lib/nav-account';
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

const storedAccount = ({ token, user }: SessionState): NavAccount | null | undefined => {
  if (token === null) return null;
  return user === null ? undefined : navAccountOfUser(user);
};

/** The stored form of the account, to compare: a new user object of the same account is none. */
const storedMarks = (session: SessionState): string | null | undefined => {
  const account = storedAccount(session);
  return account ? navAccountMarks(account) : account;
};

sessionPersistence.startListening({
  predicate: (_action, current, previous) =>
    storedMarks(current.session) !== storedMarks(previous.session),
  effect: (_action, listenerApi) => {
    const account = storedAccount(listenerApi.getState().session);
    if (account !== undefined) writeStoredNavAccount(account);
  },
});
