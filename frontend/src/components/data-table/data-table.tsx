/**
 * The one data table of the web app, driven by its columns: a table on a wide screen, and on a
 * narrow one (useNarrowScreen) a list of cards, one per row, each showing every column, actions
 * included. Neither is ever wider than its box.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import Typography from '@mui/material/Typography';
import { useNarrowScreen } from '../../lib/use-narrow-screen';
import type { DataTableColumn, DataTableRowDetails } from './data-table-column';
import {
  CARD_LIST_SX,
  DataTableCard,
  DataTableHead,
  DataTableRow,
  TABLE_SX,
} from './data-table-parts';

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The accessible name of the table, or of the list of cards. */
  label: string;
  /** A note on the rows: the table's caption, a paragraph under the cards. */
  caption?: string;
  details?: DataTableRowDetails<Row>;
  /** The `id` of the table or of the list of cards (for a button's `aria-controls`). */
  id?: string;
}

export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  label,
  caption,
  details,
  id,
}: DataTableProps<Row>) {
  const narrow = useNarrowScreen();
  if (narrow) {
    return (
      <>
        <Box
          component="ul"
          role="list"
          id={id}
          aria-label={label}
          sx={{ ...CARD_LIST_SX, display: 'grid', gap: 1.5 }}
        >
          {rows.map((row) => (
            <li key={rowKey(row)}>
              <DataTableCard row={row} columns={columns} details={details} />
            </li>
          ))}
        </Box>
        {caption ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {caption}
          </Typography>
        ) : null}
      </>
    );
  }
  return (
    // A caption that says what the label says names the table by itself.
    <Table size="small" id={id} aria-label={label === caption ? undefined : label} sx={TABLE_SX}>
      {caption ? <caption>{caption}</caption> : null}
      <DataTableHead columns={columns} />
      <TableBody>
        {rows.map((row) => (
          <DataTableRow key={rowKey(row)} row={row} columns={columns} details={details} />
        ))}
      </TableBody>
    </Table>
  );
}
