/** Line colours: Chem/Phys red, CARS blue, Bio yellow, Psych/Soc purple, total teal. */
import type { SectionKey } from '@mcat/contracts';

export type SeriesColorKey = SectionKey | 'total';

const LIGHT: Record<SeriesColorKey, string> = {
  chemPhys: '#d32f2f',
  cars: '#1565c0',
  bio: '#c79100',
  psychSoc: '#7b1fa2',
  total: '#00796b',
};

const DARK: Record<SeriesColorKey, string> = {
  chemPhys: '#ef5350',
  cars: '#64b5f6',
  bio: '#fdd835',
  psychSoc: '#ce93d8',
  total: '#4db6ac',
};

export const seriesColor = (key: SeriesColorKey, darkMode: boolean): string =>
  (darkMode ? DARK : LIGHT)[key];
