/** Store and theme (light or dark, mirrored as a class on the body) around the app's router. */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../lib/theme';
import { selectDarkMode } from '../features/appearance/dark-mode-slice';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

export const DARK_MODE_BODY_CLASS = 'dark-mode';

function AppTheme({ children }: { children: ReactNode }) {
  const darkMode = useAppSelector(selectDarkMode);
  const theme = useMemo(() => createAppTheme(darkMode), [darkMode]);

  useEffect(() => {
    document.body.classList.toggle(DARK_MODE_BODY_CLASS, darkMode);
  }, [darkMode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/**
 * `children` is the router: the browser's (start-app.tsx) or, when the build prerenders a page,
 * a static one (src/prerender).
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <AppTheme>{children}</AppTheme>
    </Provider>
  );
}
