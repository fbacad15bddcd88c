/** The filters of the questions tables, and applying them to a loaded list. */
import type {
  AnkiStatus,
  MistakeType,
  Question,
  QuestionSearch,
  SectionName,
} from '@mcat/contracts';

export interface QuestionFilterValues {
  section: SectionName | '';
  mistakeType: MistakeType | '';
  ankiStatus: AnkiStatus | '';
  testId: string;
  topicTag: string;
}

export const NO_FILTERS: QuestionFilterValues = {
  section: '',
  mistakeType: '',
  ankiStatus: '',
  testId: '',
  topicTag: '',
};

/** The search call's parameters (empty ones are left out by the API slice). */
export const toSearch = (filters: QuestionFilterValues): QuestionSearch => ({
  section: filters.section || undefined,
  mistakeType: filters.mistakeType || undefined,
  ankiStatus: filters.ankiStatus || undefined,
  testId: filters.testId || undefined,
  topicTag: filters.topicTag.trim() || undefined,
});

/** Section, mistake type and Anki status applied to one test's questions in the browser. */
export const filterQuestions = (
  questions: readonly Question[],
  filters: QuestionFilterValues,
): Question[] =>
  questions.filter(
    (q) =>
      (!filters.section || q.section === filters.section) &&
      (!filters.mistakeType || q.mistakeType === filters.mistakeType) &&
      (!filters.ankiStatus || q.ankiCardMade === (filters.ankiStatus === 'made')),
  );
