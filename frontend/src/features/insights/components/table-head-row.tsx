/** The header row shared by the insights tables: one column-header cell per label. */
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface HeadCell {
  /** The column's header text; unique within the row. */
  label: string;
  /** Right-aligned, as numeric columns are. */
  numeric?: boolean;
}

export function HeadRow({ cells }: { cells: readonly HeadCell[] }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map(({ label, numeric = false }) => (
          <TableCell key={label} component="th" scope="col" align={numeric ? 'right' : undefined}>
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
