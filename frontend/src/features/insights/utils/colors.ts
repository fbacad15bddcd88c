import type { Theme } from '@mui/material/styles';
import type { InsightsMistakeType } from '@mcat/contracts';

/**
 * A colour per mistake type, from the theme's palette: its main colours (lighter in dark mode),
 * then the darker or lighter shades of the first two, and grey for questions without a type.
 */
export function mistakeTypeColor(theme: Theme, type: InsightsMistakeType): string {
  const { palette } = theme;
  const dark = palette.mode === 'dark';
  const colors: Record<InsightsMistakeType, string> = {
    'Content Gap': palette.primary.main,
    'Misunderstood Question': palette.secondary.main,
    'Careless Error': palette.error.main,
    'Time Pressure': palette.warning.main,
    'Calculation Error': palette.info.main,
    'Reasoning Error': palette.success.main,
    'Misapplied Concept': dark ? palette.primary.light : palette.primary.dark,
    Other: dark ? palette.secondary.light : palette.secondary.dark,
    '': palette.grey[500],
  };
  return colors[type];
}
