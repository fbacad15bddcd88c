/** Store and theme (light or dark colour scheme, see lib/theme.ts) around the app's router. */
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { colorSchemeStorage, MODE_STORAGE_KEY } from '../lib/color-scheme-storage';
import { appTheme } from '../lib/theme';
import { HydrationProvider } from '../lib/use-hydrated';
import type { AppStore } from './store';

/**
 * The scheme follows the system's preference until the student chooses one (nav bar). CSS
 * variables colour the page, so the markup is the same in either scheme: React hydrates the
 * prerendered pages for every visitor, and in the hydrating render `useColorScheme()` reports no
 * scheme yet (MUI reads it after mounting). `forceThemeRerender` then gives `useTheme().palette`
 * the scheme's own values, which the charts' canvases and Stripe's card field need as colours
 * rather than variables. Rendering from scratch (the signed-in shell, any page the build does not
 * prerender) there is no server markup to match: `noSsr` reads the scheme in the first render, and
 * MUI spares the whole app the second render it gives a hydrated page once mounted.
 *
 * `children` is the router: the browser's (start-app.tsx) or, when the build prerenders a page,
 * a static one (src/prerender). `hydrating` when the build prerenders the page or the browser
 * hydrates that HTML: `useHydrated()` says false until that render is committed.
 */
export function AppProviders({
  store,
  hydrating = false,
  children,
}: {
  store: AppStore;
  hydrating?: boolean;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ThemeProvider
        theme={appTheme}
        defaultMode="system"
        modeStorageKey={MODE_STORAGE_KEY}
        storageManager={colorSchemeStorage}
        forceThemeRerender
        disableTransitionOnChange
        noSsr={!hydrating}
      >
        <CssBaseline />
        <HydrationProvider hydrating={hydrating}>{children}</HydrationProvider>
      </ThemeProvider>
    </Provider>
  );
}
