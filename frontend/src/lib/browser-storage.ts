/** The values the web app keeps in local storage. */
import { STORAGE_KEYS } from '@mcat/contracts';
import { FREE_STUDENT, navAccountMarks, navAccountOf, type NavAccount } from './nav-account';

export const readStoredToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);

export const writeStoredToken = (token: string | null): void => {
  if (token === null) localStorage.removeItem(STORAGE_KEYS.token);
  else localStorage.setItem(STORAGE_KEYS.token, token);
};

/**
 * The signed-in student's name, or null when no one is signed in. index.html's second inline
 * script reads it to fill the dashboard's prerendered shell before the first paint.
 */
export const writeStoredStudentName = (name: string | null): void => {
  if (name === null) localStorage.removeItem(STORAGE_KEYS.studentName);
  else localStorage.setItem(STORAGE_KEYS.studentName, name);
};

/** The signed-in student's account as the navigation bar shows it, or null when no one is. */
export const writeStoredNavAccount = (account: NavAccount | null): void => {
  if (account === null) localStorage.removeItem(STORAGE_KEYS.studentNav);
  else localStorage.setItem(STORAGE_KEYS.studentNav, navAccountMarks(account));
};

/**
 * The stored account of the signed-in student, for the navigation bar until their user is
 * loaded: a free student's when a token was stored before the account was; null when no one is
 * signed in on this browser (and in the build's prerender, which has no storage).
 */
export const readStoredNavAccount = (): NavAccount | null => {
  const marks = localStorage.getItem(STORAGE_KEYS.studentNav);
  if (marks === null) return readStoredToken() === null ? null : FREE_STUDENT;
  return navAccountOf(marks);
};

/**
 * The colour scheme the student chose, kept under `darkMode` as "true" (dark) or "false" (light);
 * no value means none was chosen: the system's preference applies. index.html's inline script reads
 * the same value before the first paint.
 */
export type StoredColorScheme = 'light' | 'dark' | null;

export const DARK_MODE_KEY = STORAGE_KEYS.darkMode;

export const parseStoredColorScheme = (value: string | null): StoredColorScheme => {
  if (value === 'true') return 'dark';
  if (value === 'false') return 'light';
  return null;
};

export const readStoredColorScheme = (): StoredColorScheme =>
  parseStoredColorScheme(localStorage.getItem(DARK_MODE_KEY));

export const writeStoredColorScheme = (scheme: StoredColorScheme): void => {
  if (scheme === null) localStorage.removeItem(DARK_MODE_KEY);
  else localStorage.setItem(DARK_MODE_KEY, scheme === 'dark' ? 'true' : 'false');
};
