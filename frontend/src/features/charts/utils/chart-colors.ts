/**
 * Line colours: Chem/Phys red, CARS blue, Bio yellow, Psych/Soc purple, total teal. Each reaches
 * 3:1 (WCAG non-text contrast) on both backgrounds of its theme, as the toggles' checkboxes use them.
 */
import type { SectionKey } from '@mcat/contracts';

export type SeriesColorKey = SectionKey | 'total';

const LIGHT_SERIES_COLORS: Record<SeriesColorKey, string> = {
  chemPhys: '#d32f2f',
  cars: '#1565c0',
  bio: '#ad8200',
  psychSoc: '#7b1fa2',
  total: '#00796b',
};

const DARK_SERIES_COLORS: Record<SeriesColorKey, string> = {
  chemPhys: '#ef5350',
  cars: '#64b5f6',
  bio: '#fdd835',
  psychSoc: '#ce93d8',
  total: '#4db6ac',
};

export const seriesColor = (key: SeriesColorKey, darkMode: boolean): string =>
  (darkMode ? DARK_SERIES_COLORS : LIGHT_SERIES_COLORS)[key];
