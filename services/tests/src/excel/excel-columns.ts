import { SECTIONS, type SectionKey } from '@mcat/contracts';

export type ColumnField = 'dateTaken' | 'source' | 'totalScore' | SectionKey;

export interface Column {
  field: ColumnField;
  header: string;
  width: number;
  /** A blank total is computed, so a file may leave the column out. */
  required: boolean;
}

/** The workbook's columns, in export order; import finds them by name in any order. */
export const COLUMNS: readonly Column[] = [
  { field: 'dateTaken', header: 'Date Taken', width: 14, required: true },
  { field: 'source', header: 'Source', width: 32, required: true },
  { field: 'totalScore', header: 'Total Score', width: 13, required: false },
  ...SECTIONS.map((s) => ({ field: s.key, header: s.scoreLabel, width: 12, required: true })),
];

/** Header text compared ignoring case, spaces and punctuation ("chem / phys" is "Chem/Phys"). */
export const headerKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');
