import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { OverTimeSeries } from '../utils/chart-series';
import { mistakeTypeLabel } from '../utils/labels';
import { HeadRow } from './table-head-row';

/** The stacked bars as a table: a row per test, a column per mistake type, and the total. */
export function OverTimeTable({ data, caption }: { data: OverTimeSeries; caption: string }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <caption>{caption}</caption>
        <HeadRow
          cells={[
            { label: 'Test' },
            ...data.series.map(({ type }) => ({ label: mistakeTypeLabel(type), numeric: true })),
            { label: 'Total', numeric: true },
          ]}
        />
        <TableBody>
          {data.labels.map((label, i) => (
            <TableRow key={label + String(i)}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              {data.series.map(({ type, counts }) => (
                <TableCell key={type} align="right">
                  {counts[i]}
                </TableCell>
              ))}
              <TableCell align="right">
                {data.series.reduce((sum, { counts }) => sum + counts[i], 0)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
