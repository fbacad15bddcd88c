/** "Test History": every test with its scores, review status and actions. */
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/Edit';
import RateReviewIcon from '@mui/icons-material/RateReview';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { SECTIONS, type Test } from '@mcat/contracts';
import { ConfirmDeleteIconButton } from '../../../components/confirm-delete-icon-button';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import { RouterLink } from '../../../components/router-link';
import { formatTestDate } from '../../../lib/dates';
import { ReviewedIcon } from './reviewed-icon';

interface TestsTableProps {
  tests: readonly Test[];
  onDelete: (id: string) => Promise<void>;
}

const testName = (test: Test) => `${test.source} on ${formatTestDate(test.dateTaken)}`;

const testId = (test: Test) => test._id;

function TestActions({ test, onDelete }: { test: Test; onDelete: (id: string) => Promise<void> }) {
  const name = testName(test);
  return (
    <>
      <Tooltip title="View">
        <IconButton component={RouterLink} to={`/tests/${test._id}`} aria-label={`View ${name}`}>
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
    </>
  );
}

export function TestsTable({ tests, onDelete }: TestsTableProps) {
  const columns: DataTableColumn<Test>[] = [
    { header: 'Date', wrap: 'never', render: (test) => formatTestDate(test.dateTaken) },
    { header: 'Source', kind: 'rowHeader', render: (test) => test.source },
    { header: 'Total Score', numeric: true, render: (test) => test.totalScore },
    ...SECTIONS.map((section): DataTableColumn<Test> => ({
      header: section.abbreviation,
      numeric: true,
      render: (test) => test.subscores[section.key],
    })),
    { header: 'Reviewed', render: (test) => <ReviewedIcon review={test.review} /> },
    {
      header: 'Actions',
      kind: 'actions',
      render: (test) => <TestActions test={test} onDelete={onDelete} />,
    },
  ];
  return <DataTable rows={tests} columns={columns} rowKey={testId} label="Test History" />;
}
