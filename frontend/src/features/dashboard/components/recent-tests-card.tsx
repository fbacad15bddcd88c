import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RECENT_TESTS_SHOWN, type Test } from '@mcat/contracts';
import { RouterLink } from '../../../components/router-link';
import { formatTestDate } from '../../../lib/dates';
import { SectionCard } from '../../../components/section-card';

/** "Recent Tests": the first five tests in the order the server returns them. */
export function RecentTestsCard({ tests }: { tests: readonly Test[] }) {
  const shown = tests.slice(0, RECENT_TESTS_SHOWN);
  return (
    <SectionCard title="Recent Tests">
      {shown.length === 0 ? (
        <Typography>No tests to display.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Recent Tests">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Source</TableCell>
                <TableCell>Total Score</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((test) => (
                <TableRow key={test._id}>
                  <TableCell>{formatTestDate(test.dateTaken)}</TableCell>
                  <TableCell>{test.source}</TableCell>
                  <TableCell>{test.totalScore}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/tests/${test._id}`}>
                      View Details
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {tests.length > RECENT_TESTS_SHOWN ? (
        <Button component={RouterLink} to="/tests" sx={{ mt: 2 }}>
          View All Tests
        </Button>
      ) : null}
    </SectionCard>
  );
}
