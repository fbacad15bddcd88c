/**
 * The pieces both data tables (data-table.tsx, windowed-data-table.tsx) are built of: the header
 * row and a row of the table for a wide screen, and a row's card for a narrow one.
 */
import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  kindOf,
  type DataTableColumn,
  type DataTableRowDetails,
  type DataTableWrap,
} from './data-table-column';

export interface RowPartProps<Row> {
  row: Row;
  columns: readonly DataTableColumn<Row>[];
  details?: DataTableRowDetails<Row>;
}

/** The cells of a table sit closer together under 1200 px (a tablet's nine columns). */
export const TABLE_SX = { '& td, & th': { px: { xs: 0.75, lg: 2 } } } as const;

/** The look of each way a value wraps (DataTableWrap); headers wrap between words only. */
const WRAPPING: Record<DataTableWrap, SxProps<Theme>> = {
  anywhere: { overflowWrap: 'anywhere' },
  words: {},
  never: { whiteSpace: 'nowrap' },
};

const valueWrapping = <Row,>(column: DataTableColumn<Row>): SxProps<Theme> =>
  WRAPPING[column.wrap ?? (column.numeric ? 'never' : 'anywhere')];

const sxList = (sx: SxProps<Theme>) => (Array.isArray(sx) ? sx : [sx]);

/** `base` and then a column's own look of a value, as one `sx`. */
const withSx = (base: SxProps<Theme>, own: SxProps<Theme> | undefined): SxProps<Theme> =>
  own === undefined ? base : [...sxList(base), ...sxList(own)];

/** The list the cards of a narrow screen form, one card per row. */
export const CARD_LIST_SX = { listStyle: 'none', m: 0, p: 0 } as const;

export function DataTableHead<Row>({ columns }: { columns: readonly DataTableColumn<Row>[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.header} align={column.numeric ? 'right' : undefined}>
            {column.header}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

function Actions({ children, wrap }: { children: ReactNode; wrap: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: wrap ? 'wrap' : 'nowrap',
        alignItems: 'center',
        gap: wrap ? 1 : 0,
      }}
    >
      {children}
    </Box>
  );
}

/** A row of the table, and under it the row its details open in. */
export function DataTableRow<Row>({ row, columns, details }: RowPartProps<Row>) {
  const open = details?.isOpen(row) ?? false;
  return (
    <>
      <TableRow sx={open ? { '& > td, & > th': { borderBottom: 'unset' } } : undefined}>
        {columns.map((column) => {
          const kind = kindOf(column);
          return (
            <TableCell
              key={column.header}
              component={kind === 'rowHeader' ? 'th' : 'td'}
              scope={kind === 'rowHeader' ? 'row' : undefined}
              align={column.numeric ? 'right' : undefined}
              sx={withSx(valueWrapping(column), column.valueSx?.(row))}
              {...column.valueAttributes?.(row)}
            >
              {kind === 'actions' ? (
                <Actions wrap={false}>{column.render(row)}</Actions>
              ) : (
                column.render(row)
              )}
            </TableCell>
          );
        })}
      </TableRow>
      {details ? (
        <TableRow>
          <TableCell colSpan={columns.length} sx={{ py: 0 }}>
            {details.render(row)}
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/**
 * A row as a card: its name as the heading, every field as a labelled line, the actions along
 * the foot, then its details. Nothing in it is wider than the card: long values wrap.
 */
export function DataTableCard<Row>({ row, columns, details }: RowPartProps<Row>) {
  const header = columns.find((column) => kindOf(column) === 'rowHeader');
  const fields = columns.filter((column) => kindOf(column) === 'field');
  const actions = columns.filter((column) => kindOf(column) === 'actions');
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0, overflowWrap: 'anywhere' }}>
      {header ? (
        <Typography
          variant="subtitle1"
          component="h3"
          sx={withSx({ fontWeight: 600, mb: 1 }, header.valueSx?.(row))}
          {...header.valueAttributes?.(row)}
        >
          {header.render(row)}
        </Typography>
      ) : null}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          alignItems: 'center',
          m: 0,
        }}
      >
        {fields.map((column) => (
          <Fragment key={column.header}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {column.header}
            </Typography>
            <Box
              component="dd"
              sx={withSx({ m: 0, minWidth: 0 }, column.valueSx?.(row))}
              {...column.valueAttributes?.(row)}
            >
              {column.render(row)}
            </Box>
          </Fragment>
        ))}
      </Box>
      {actions.map((column) => (
        <Box key={column.header} sx={{ mt: 1 }}>
          <Actions wrap>{column.render(row)}</Actions>
        </Box>
      ))}
      {details?.render(row)}
    </Paper>
  );
}
