/**
 * The total-score chart as a table, for screen readers and anyone who prefers numbers: each test's
 * date, name and total, oldest first, and with a target score how far each total is from it.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import { formatTestDate } from '../../../lib/dates';
import { useHydrated } from '../../../lib/use-hydrated';
import {
  differenceFromTarget,
  pointLabel,
  sortByDateTaken,
  targetLegend,
  type ChartTest,
} from '../utils/chart-data';

const totalScoreColumns = (targetScore: number | null): DataTableColumn<ChartTest>[] => [
  { header: 'Date', wrap: 'never', render: (test) => formatTestDate(test.dateTaken) },
  { header: 'Test', kind: 'rowHeader', render: (test) => pointLabel(test.source, false) },
  { header: 'Total Score', numeric: true, render: (test) => test.totalScore },
  ...(targetScore === null
    ? []
    : [
        {
          header: `vs. ${targetLegend(targetScore)}`,
          numeric: true,
          render: (test: ChartTest) => differenceFromTarget(test.totalScore, targetScore),
        },
      ]),
];

interface TotalScoreTableProps {
  tests: readonly ChartTest[];
  targetScore: number | null;
}

export function TotalScoreTable({ tests, targetScore }: TotalScoreTableProps) {
  const [open, setOpen] = useState(false);
  // As the section toggles: a click in the prerendered landing page before React runs is lost.
  const hydrated = useHydrated();
  const tableId = 'total-score-table';
  const caption = `MCAT Total Score by test, oldest first${targetScore === null ? '' : `; your target score is ${targetScore}`}`;
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
        <DataTable
          id={tableId}
          rows={sortByDateTaken(tests)}
          columns={totalScoreColumns(targetScore)}
          rowKey={(test) => test._id}
          label={caption}
          caption={caption}
        />
      ) : null}
    </Box>
  );
}
