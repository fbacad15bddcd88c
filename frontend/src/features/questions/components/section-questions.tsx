/** The review wizard's list of one section's missed questions; edit comes back to that section. */
import Typography from '@mui/material/Typography';
import type { SectionName } from '@mcat/contracts';
import { useGetTestQuestionsQuery } from '../api/questions-api';
import { QuestionsTable } from './questions-table';

interface SectionQuestionsProps {
  testId: string;
  section: SectionName;
}

export function SectionQuestions({ testId, section }: SectionQuestionsProps) {
  const questions = useGetTestQuestionsQuery(testId);
  const inSection = (questions.data ?? []).filter((q) => q.section === section);
  const returnUrl = `/tests/${testId}/review?section=${encodeURIComponent(section)}`;
  return (
    <>
      <Typography variant="h6" component="h3" gutterBottom>
        Missed questions in this section ({inSection.length})
      </Typography>
      {inSection.length > 0 ? (
        <QuestionsTable
          questions={inSection}
          ariaLabel={`Missed questions in ${section}`}
          editReturnUrl={returnUrl}
        />
      ) : (
        <Typography color="text.secondary">None recorded yet.</Typography>
      )}
    </>
  );
}
