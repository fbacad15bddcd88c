/** "Test History": every test with its scores, review status and actions. */
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import RateReviewIcon from '@mui/icons-material/RateReview';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { SECTIONS, type Test } from '@mcat/contracts';
import { ConfirmDeleteIconButton } from '../../../components/confirm-delete-icon-button';
import { RouterLink } from '../../../components/router-link';
import { formatTestDate } from '../../../lib/dates';
import { ReviewedIcon } from './reviewed-icon';

interface TestsTableProps {
  tests: readonly Test[];
  onDelete: (id: string) => Promise<void>;
}

export function TestsTable({ tests, onDelete }: TestsTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Test History">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Source</TableCell>
            <TableCell>Total Score</TableCell>
            {SECTIONS.map((section) => (
              <TableCell key={section.key}>{section.abbreviation}</TableCell>
            ))}
            <TableCell>Reviewed</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tests.map((test) => {
            const name = `${test.source} on ${formatTestDate(test.dateTaken)}`;
            return (
              <TableRow key={test._id}>
                <TableCell>{formatTestDate(test.dateTaken)}</TableCell>
                <TableCell>{test.source}</TableCell>
                <TableCell>{test.totalScore}</TableCell>
                {SECTIONS.map((section) => (
                  <TableCell key={section.key}>{test.subscores[section.key]}</TableCell>
                ))}
                <TableCell>
                  <ReviewedIcon review={test.review} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="View">
                    <IconButton
                      component={RouterLink}
                      to={`/tests/${test._id}`}
                      aria-label={`View ${name}`}
                    >
                      <VisibilityIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Edit">
                    <IconButton
                      component={RouterLink}
                      to={`/tests/${test._id}/edit`}
                      aria-label={`Edit ${name}`}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Review">
                    <IconButton
                      component={RouterLink}
                      to={`/tests/${test._id}/review`}
                      aria-label={`Review ${name}`}
                    >
                      <RateReviewIcon />
                    </IconButton>
                  </Tooltip>
                  <ConfirmDeleteIconButton
                    label={`Delete ${name}`}
                    message="Are you sure you want to delete this test?"
                    onConfirm={() => onDelete(test._id)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
