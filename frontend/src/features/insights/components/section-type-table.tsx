import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { alpha, useTheme } from '@mui/material/styles';
import type {
  InsightsMistakeType,
  MistakeTypeCount,
  SectionCount,
  SectionName,
} from '@mcat/contracts';
import { shadeOf } from '../utils/chart-series';
import { mistakeTypeLabel } from '../utils/labels';
import { HeadRow } from './table-head-row';

interface SectionTypeTableProps {
  bySection: readonly SectionCount[];
  /** The mistake types with questions, most common first: the columns. */
  types: readonly InsightsMistakeType[];
  sectionTypes: Record<SectionName, MistakeTypeCount[]>;
}

/** Lightest and strongest shading of a cell, over the paper: the count stays readable in both modes. */
const MIN_ALPHA = 0.1;
const MAX_ALPHA = 0.45;

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
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label="Missed questions by section and mistake type"
      sx={{ overflowX: 'auto' }}
    >
      <Table size="small">
        <caption>
          Missed questions by section and mistake type; darker cells hold more questions.
        </caption>
        <HeadRow
          cells={[
            { label: 'Section' },
            ...types.map((type) => ({ label: mistakeTypeLabel(type), numeric: true })),
            { label: 'Total', numeric: true },
          ]}
        />
        <TableBody>
          {bySection.map(({ section, count }) => (
            <TableRow key={section}>
              <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                {section}
              </TableCell>
              {types.map((type) => {
                const cell = countOf(section, type);
                return (
                  <TableCell
                    key={type}
                    align="right"
                    data-shade={shadeOf(cell, max).toFixed(2)}
                    sx={{
                      bgcolor: shade(cell),
                      color: 'text.primary',
                      fontWeight: cell === max && max > 0 ? 700 : 400,
                    }}
                  >
                    {cell}
                  </TableCell>
                );
              })}
              <TableCell align="right" sx={{ fontWeight: 700 }}>
                {count}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
