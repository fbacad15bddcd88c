/**
 * The nav bar's switch between the light and the dark colour scheme. Until the student uses it the
 * page follows the system's preference; a choice is kept (lib/color-scheme-storage.ts), and
 * choosing the scheme the system prefers goes back to following the system.
 */
import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useColorScheme, type Theme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { COLOR_SCHEME_ATTRIBUTE, type ColorScheme } from '../../lib/theme';

const systemScheme = (): ColorScheme =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';

/** The scheme on screen, before MUI has read it after mounting. */
const schemeShown = (): ColorScheme =>
  document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE) === 'dark' ? 'dark' : 'light';

/**
 * Shown in one scheme only, by CSS: a prerendered page paints the right icon and name before
 * React runs, and the markup stays the same for every visitor (no hydration mismatch).
 */
const onlyIn = (scheme: ColorScheme) => (theme: Theme) => ({
  display: scheme === 'light' ? 'inline-flex' : 'none',
  ...theme.applyStyles('dark', { display: scheme === 'dark' ? 'inline-flex' : 'none' }),
});

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Action({
  scheme,
  label,
  icon,
}: {
  scheme: ColorScheme;
  label: string;
  icon: ReactElement;
}) {
  return (
    <Box component="span" title={label} sx={onlyIn(scheme)}>
      {icon}
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

export function ColorSchemeToggle() {
  const { colorScheme, setMode } = useColorScheme();

  const toggle = () => {
    const chosen: ColorScheme = (colorScheme ?? schemeShown()) === 'dark' ? 'light' : 'dark';
    setMode(chosen === systemScheme() ? 'system' : chosen);
  };

  // The button's name is the text of the action shown, so it is right from the first paint.
  return (
    <IconButton color="inherit" onClick={toggle}>
      <Action scheme="light" label="Switch to dark mode" icon={<DarkModeIcon />} />
      <Action scheme="dark" label="Switch to light mode" icon={<LightModeIcon />} />
    </IconButton>
  );
}
