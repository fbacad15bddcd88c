import type { InsightsMistakeType } from '@mcat/contracts';

export const NO_MISTAKE_TYPE_LABEL = 'No mistake type';

/** A mistake type as a column or legend label. */
export const mistakeTypeLabel = (type: InsightsMistakeType): string =>
  type === '' ? NO_MISTAKE_TYPE_LABEL : type;

const PLURALS: Record<InsightsMistakeType, string> = {
  'Content Gap': 'content gaps',
  'Misunderstood Question': 'misunderstood questions',
  'Careless Error': 'careless errors',
  'Time Pressure': 'time-pressure mistakes',
  'Calculation Error': 'calculation errors',
  'Reasoning Error': 'reasoning errors',
  'Misapplied Concept': 'misapplied concepts',
  Other: 'other mistakes',
  '': 'mistakes without a type',
};

/** A mistake type as a sentence names several of them: "careless errors". */
export const mistakeTypePlural = (type: InsightsMistakeType): string => PLURALS[type];

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Small counts as words ("four tests"), others as digits. */
export const countWord = (n: number): string => WORDS[n] ?? String(n);

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Questions per test, to one decimal where needed: 2, 1.5. */
export const perTestNumber = (n: number): string => String(Math.round(n * 10) / 10);
