/**
 * The header row of the questions tables: Test (on /questions only), Section, Q#, Mistake Type,
 * Topics, Anki, Actions.
 */
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export function QuestionsTableHead({ withTest }: { withTest: boolean }) {
  return (
    <TableHead>
      <TableRow>
        {withTest ? <TableCell>Test</TableCell> : null}
        <TableCell>Section</TableCell>
        <TableCell>Q#</TableCell>
        <TableCell>Mistake Type</TableCell>
        <TableCell>Topics</TableCell>
        <TableCell>Anki</TableCell>
        <TableCell>Actions</TableCell>
      </TableRow>
    </TableHead>
  );
}
