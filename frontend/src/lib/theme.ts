/** The MUI theme in its light and dark palettes. Colours meet WCAG AA on their backgrounds. */
import { createTheme, type Theme } from '@mui/material/styles';

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const createAppTheme = (darkMode: boolean): Theme =>
  createTheme({
    palette: darkMode
      ? {
          mode: 'dark',
          primary: { main: '#90caf9' },
          secondary: { main: '#80cbc4' },
          background: { default: '#121212', paper: '#1e1e1e' },
        }
      : {
          mode: 'light',
          primary: { main: '#1565c0' },
          secondary: { main: '#00695c' },
          background: { default: '#f5f7fa', paper: '#ffffff' },
        },
    typography: { fontFamily },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  });
