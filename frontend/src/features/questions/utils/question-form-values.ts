/** The question form's values: preset for a new question, filled from a stored one for an edit. */
import type { Question, SectionName } from '@mcat/contracts';

/** The stored question's own fields as they are; the test, section and number as typed. */
export interface QuestionFormFields extends Pick<
  Question,
  | 'mistakeType'
  | 'wrongAnswerReason'
  | 'rightAnswerReason'
  | 'improvementPlan'
  | 'ankiCardMade'
  | 'topicTags'
> {
  test: string;
  section: SectionName | '';
  questionNumber: string;
}

export const newQuestionForm = (
  testId: string,
  preset: { section?: SectionName; questionNumber?: number } = {},
): QuestionFormFields => ({
  test: testId,
  section: preset.section ?? '',
  questionNumber: preset.questionNumber === undefined ? '' : String(preset.questionNumber),
  mistakeType: '',
  wrongAnswerReason: '',
  rightAnswerReason: '',
  improvementPlan: '',
  ankiCardMade: false,
  topicTags: [],
});

/** The id of a question's test, whether the API populated it or not. */
export const questionTestId = (question: Question): string =>
  typeof question.test === 'string' ? question.test : question.test._id;

export const questionFormFromQuestion = (question: Question): QuestionFormFields => ({
  test: questionTestId(question),
  section: question.section,
  questionNumber: String(question.questionNumber),
  mistakeType: question.mistakeType,
  wrongAnswerReason: question.wrongAnswerReason,
  rightAnswerReason: question.rightAnswerReason,
  improvementPlan: question.improvementPlan,
  ankiCardMade: question.ankiCardMade,
  topicTags: [...question.topicTags],
});
