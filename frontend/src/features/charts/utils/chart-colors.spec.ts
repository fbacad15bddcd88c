import { describe, expect, it } from 'vitest';
import { SECTION_KEYS } from '@mcat/contracts';
import { appTheme } from '../../../lib/theme';
import { seriesColor, type SeriesColorKey } from './chart-colors';

/** The red, green and blue of a #rrggbb colour, 0-255. */
const channels = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** WCAG 2 relative luminance. */
const luminance = (hex: string): number => {
  const [red, green, blue] = channels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
};

const contrast = (first: string, second: string): number => {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
};

const SERIES: SeriesColorKey[] = [...SECTION_KEYS, 'total'];

const CASES = [false, true].flatMap((darkMode) => {
  const background = appTheme.colorSchemes[darkMode ? 'dark' : 'light']?.palette.background;
  if (!background) throw new Error('The theme lacks a colour scheme');
  return SERIES.flatMap((key) =>
    [background.default, background.paper].map(
      (backdrop) => [darkMode ? 'dark' : 'light', key, backdrop, darkMode] as const,
    ),
  );
});

describe('chart colours (they also colour the series toggles)', () => {
  it('the contrast formula gives 21:1 for black on white', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
  });

  it.each(CASES)('in %s mode, %s reaches 3:1 on %s', (_mode, key, backdrop, darkMode) => {
    const color = seriesColor(key, darkMode);
    expect(color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(color, backdrop)).toBeGreaterThanOrEqual(3);
  });

  it('Bio stays a yellow: more red than blue, with green close to red', () => {
    for (const darkMode of [false, true]) {
      const [red, green, blue] = channels(seriesColor('bio', darkMode));
      expect(red).toBeGreaterThan(blue * 2);
      expect(green).toBeGreaterThan(red * 0.7);
    }
  });
});
