import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { RECENT_TESTS_SHOWN, type Test } from '@mcat/contracts';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { formatTestDate } from '../../../lib/dates';

const RECENT_TEST_COLUMNS: readonly DataTableColumn<Test>[] = [
  { header: 'Date', wrap: 'never', render: (test) => formatTestDate(test.dateTaken) },
  { header: 'Source', kind: 'rowHeader', render: (test) => test.source },
  { header: 'Total Score', numeric: true, render: (test) => test.totalScore },
  {
    header: 'Actions',
    kind: 'actions',
    render: (test) => (
      <Link component={RouterLink} to={`/tests/${test._id}`}>
        View Details
      </Link>
    ),
  },
];

/** "Recent Tests": the first five tests in the order the server returns them. */
export function RecentTestsCard({ tests }: { tests: readonly Test[] }) {
  const shown = tests.slice(0, RECENT_TESTS_SHOWN);
  return (
    <SectionCard title="Recent Tests">
      {shown.length === 0 ? (
        <Typography>No tests to display.</Typography>
      ) : (
        <DataTable
          rows={shown}
          columns={RECENT_TEST_COLUMNS}
          rowKey={(test) => test._id}
          label="Recent Tests"
        />
      )}
      {tests.length > RECENT_TESTS_SHOWN ? (
        <Button component={RouterLink} to="/tests" sx={{ mt: 2 }}>
          View All Tests
        </Button>
      ) : null}
    </SectionCard>
  );
}
