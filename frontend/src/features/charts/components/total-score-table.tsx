/**
 * The total-score chart as a table, for screen readers and anyone who prefers numbers: each test's
 * date, name and total, oldest first, and with a target score how far each total is from it.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatTestDate } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';
import {
  differenceFromTarget,
  pointLabel,
  sortByDateTaken,
  targetLegend,
  type ChartTest,
} from '../utils/chart-data';

interface TotalScoreTableProps {
  tests: readonly ChartTest[];
  targetScore: number | null;
}

export function TotalScoreTable({ tests, targetScore }: TotalScoreTableProps) {
  const [open, setOpen] = useState(false);
  // As the section toggles: a click in the prerendered landing page before React runs is lost.
  const hydrated = useHydrated();
  const tableId = 'total-score-table';
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        disabled={!hydrated}
        aria-expanded={open}
        aria-controls={open ? tableId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide table' : 'Show as table'}
      </Button>
      {open ? (
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label="MCAT Total Score table"
          sx={{ maxWidth: '100%', overflowX: 'auto' }}
        >
          <Table size="small" id={tableId}>
            <caption>
              MCAT Total Score by test, oldest first
              {targetScore === null ? '' : `; your target score is ${targetScore}`}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Date
                </TableCell>
                <TableCell component="th" scope="col">
                  Test
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Total Score
                </TableCell>
                {targetScore === null ? null : (
                  <TableCell component="th" scope="col" align="right">
                    vs. {targetLegend(targetScore)}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {sortByDateTaken(tests).map((test) => (
                <TableRow key={test._id}>
                  <TableCell>{formatTestDate(test.dateTaken)}</TableCell>
                  <TableCell>{pointLabel(test.source, false)}</TableCell>
                  <TableCell align="right">{test.totalScore}</TableCell>
                  {targetScore === null ? null : (
                    <TableCell align="right">
                      {differenceFromTarget(test.totalScore, targetScore)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
