/**
 * Where ThemeProvider keeps the student's colour-scheme choice: the `darkMode` value of local
 * storage (browser-storage.ts), in the format index.html's inline script reads before the first paint
 * and that earlier versions of the app wrote. MUI's own manager would write its mode names under
 * keys of its own, which that script and students' stored choices do not know.
 */
import type { StorageManager } from '@mui/material/styles';
import {
  DARK_MODE_KEY,
  parseStoredColorScheme,
  readStoredColorScheme,
  writeStoredColorScheme,
} from './browser-storage';

/** The key ThemeProvider is given for its mode ('light', 'dark' or 'system'). */
export const MODE_STORAGE_KEY = DARK_MODE_KEY;

const noop = () => undefined;

/**
 * ThemeProvider also asks for a store of which light and which dark scheme to use: the theme has
 * one of each, so there is nothing to keep.
 */
const nothingKept = {
  get: (defaultValue: unknown) => defaultValue,
  set: noop,
  subscribe: () => noop,
};

export const colorSchemeStorage: StorageManager = ({ key, storageWindow }) => {
  if (key !== MODE_STORAGE_KEY) return nothingKept;
  return {
    get: (defaultValue: unknown) => readStoredColorScheme() ?? defaultValue,
    // 'system' (or a reset) forgets the choice, so the system's preference applies again.
    set: (mode: unknown) =>
      writeStoredColorScheme(mode === 'light' || mode === 'dark' ? mode : null),
    // Another tab's choice applies here too; `null` (removed, or storage cleared) is 'system'.
    subscribe: (handler: (mode: string | null) => void) => {
      if (!storageWindow) return noop;
      const listener = (event: StorageEvent) => {
        if (event.key === key || event.key === null)
          handler(parseStoredColorScheme(event.newValue));
      };
      storageWindow.addEventListener('storage', listener);
      return () => storageWindow.removeEventListener('storage', listener);
    },
  };
};
