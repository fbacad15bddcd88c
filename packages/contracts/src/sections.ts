/** The four MCAT sections, in the order the review wizard walks them. */

export const SECTION_KEYS = ['chemPhys', 'cars', 'bio', 'psychSoc'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export interface SectionInfo {
  key: SectionKey;
  /** The full name, as stored on a missed question and used in `?section=`. */
  name: SectionName;
  /** Short label for tables and narrow screens. */
  abbreviation: string;
  /** Label of the score field and of the chart toggle. */
  scoreLabel: string;
}

export const SECTION_NAMES = [
  'Chemical and Physical Foundations',
  'Critical Analysis and Reasoning',
  'Biological and Biochemical Foundations',
  'Psychological and Social Foundations',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export const SECTIONS: readonly SectionInfo[] = [
  { key: 'chemPhys', name: SECTION_NAMES[0], abbreviation: 'C/P', scoreLabel: 'Chem/Phys' },
  { key: 'cars', name: SECTION_NAMES[1], abbreviation: 'CARS', scoreLabel: 'CARS' },
  { key: 'bio', name: SECTION_NAMES[2], abbreviation: 'B/B', scoreLabel: 'Bio' },
  { key: 'psychSoc', name: SECTION_NAMES[3], abbreviation: 'P/S', scoreLabel: 'Psych/Soc' },
];

export const sectionByKey = (key: SectionKey): SectionInfo =>
  SECTIONS.find((s) => s.key === key) as SectionInfo;

export const sectionByName = (name: string): SectionInfo | undefined =>
  SECTIONS.find((s) => s.name === name);
