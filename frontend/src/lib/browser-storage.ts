/** The two values the web app keeps in local storage. */
import { STORAGE_KEYS } from '@mcat/contracts';

export const readStoredToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);

export const writeStoredToken = (token: string | null): void => {
  if (token === null) localStorage.removeItem(STORAGE_KEYS.token);
  else localStorage.setItem(STORAGE_KEYS.token, token);
};

export const readStoredDarkMode = (): boolean =>
  localStorage.getItem(STORAGE_KEYS.darkMode) === 'true';

export const writeStoredDarkMode = (darkMode: boolean): void => {
  localStorage.setItem(STORAGE_KEYS.darkMode, darkMode ? 'true' : 'false');
};
