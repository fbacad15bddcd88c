/** Store, theme (light or dark, mirrored as a class on the body) and router. */
import { useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../lib/theme';
import { selectDarkMode } from '../features/appearance/dark-mode-slice';
import { useAppSelector } from './hooks';
import type { AppRouter } from './router';
import type { AppStore } from './store';

export const DARK_MODE_BODY_CLASS = 'dark-mode';

function ThemedRouter({ router }: { router: AppRouter }) {
  const darkMode = useAppSelector(selectDarkMode);
  const theme = useMemo(() => createAppTheme(darkMode), [darkMode]);

  useEffect(() => {
    document.body.classList.toggle(DARK_MODE_BODY_CLASS, darkMode);
  }, [darkMode]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}

export function AppProviders({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <Provider store={store}>
      <ThemedRouter router={router} />
    </Provider>
  );
}
