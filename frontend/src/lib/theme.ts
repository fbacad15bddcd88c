/**
 * The MUI theme, with a light and a dark colour scheme written as CSS variables. Colours meet
 * WCAG AA on their backgrounds.
 *
 * The scheme in use is the `data-color-scheme` attribute of <html>, so CSS alone recolours the
 * page, and the markup is the same in both: the build prerenders one page for every visitor.
 * the inline script in index.html sets the attribute before the first paint, from the stored choice
 * (browser-storage.ts) or else the system's preference; ThemeProvider keeps it up to date once
 * React runs. That script is a file loaded without async or defer in <head>, not inline: the
 * Content-Security-Policy (gateway, nginx.conf) admits no inline script, and a deferred script
 * runs after the first paint.
 */
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  // The theme has CSS variables: types for `theme.vars` and the ThemeProvider's scheme options.
  interface CssThemeVariables {
    enabled: true;
  }
}

export type ColorScheme = 'light' | 'dark';

/** The attribute of <html> holding the scheme in use; the inline script in index.html writes the same. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const appTheme = createTheme({
  cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1565c0' },
        secondary: { main: '#00695c' },
        background: { default: '#f5f7fa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#90caf9' },
        secondary: { main: '#80cbc4' },
        // The 200 shades, like primary and secondary: MUI's defaults (#f44336, #66bb6a) under
        // white text, on a filled button or alert, fall short of AA.
        error: { main: '#ef9a9a' },
        success: { main: '#a5d6a7' },
        background: { default: '#121212', paper: '#1e1e1e' },
      },
    },
  },
  typography: { fontFamily },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
