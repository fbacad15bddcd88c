import { alpha, useTheme } from '@mui/material/styles';
import type {
  InsightsMistakeType,
  MistakeTypeCount,
  SectionCount,
  SectionName,
} from '@mcat/contracts';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import { shadeOf } from '../utils/chart-series';
import { mistakeTypeLabel } from '../utils/labels';

interface SectionTypeTableProps {
  bySection: readonly SectionCount[];
  /** The mistake types with questions, most common first: the columns. */
  types: readonly InsightsMistakeType[];
  sectionTypes: Record<SectionName, MistakeTypeCount[]>;
}

/** Lightest and strongest shading of a cell, over the paper: the count stays readable in both modes. */
const MIN_ALPHA = 0.1;
const MAX_ALPHA = 0.45;
const BOLD = { fontWeight: 700 } as const;

/** Sections × mistake types, each cell shaded by its count (the count always written in it). */
export function SectionTypeTable({ bySection, types, sectionTypes }: SectionTypeTableProps) {
  const theme = useTheme();
  const countOf = (section: SectionName, type: InsightsMistakeType) =>
    sectionTypes[section].find((t) => t.mistakeType === type)?.count ?? 0;
  const max = Math.max(
    0,
    ...bySection.flatMap(({ section }) => types.map((type) => countOf(section, type))),
  );
  const shade = (count: number) => {
    const level = shadeOf(count, max);
    return level === 0
      ? undefined
      : alpha(theme.palette.primary.main, MIN_ALPHA + (MAX_ALPHA - MIN_ALPHA) * level);
  };
  const columns: DataTableColumn<SectionCount>[] = [
    { header: 'Section', kind: 'rowHeader', wrap: 'words', render: ({ section }) => section },
    ...types.map((type): DataTableColumn<SectionCount> => {
      const cellOf = ({ section }: SectionCount) => countOf(section, type);
      return {
        header: mistakeTypeLabel(type),
        numeric: true,
        render: cellOf,
        valueSx: (row) => ({
          bgcolor: shade(cellOf(row)),
          color: 'text.primary',
          fontWeight: cellOf(row) === max && max > 0 ? 700 : 400,
        }),
        valueAttributes: (row) => ({ 'data-shade': shadeOf(cellOf(row), max).toFixed(2) }),
      };
    }),
    { header: 'Total', numeric: true, render: ({ count }) => count, valueSx: () => BOLD },
  ];
  return (
    <DataTable
      rows={bySection}
      columns={columns}
      rowKey={({ section }) => section}
      label="Missed questions by section and mistake type"
      caption="Missed questions by section and mistake type; darker cells hold more questions."
    />
  );
}
