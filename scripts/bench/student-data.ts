/**
 * A bench student's data through the API, as the web app writes it: a practice test, missed
 * questions of given tests, and the page size of the questions screen.
 */
import { SECTION_NAMES, type QuestionBody } from '@mcat/contracts';
import type { Call } from './bench-account';

/** The questions screen's page size (the web app's questions API). */
export const FIRST_PAGE = 50;

/** Creates a practice test (a date in January 2025 picked by `day`) and answers its id. */
export const newTest = async (call: Call, day: number): Promise<string> =>
  (
    await call<{ _id: string }>('POST', '/api/tests', {
      dateTaken: `2025-01-${String((day % 28) + 1).padStart(2, '0')}`,
      source: `Bench FL ${day}`,
      subscores: { chemPhys: 125, cars: 124, bio: 126, psychSoc: 127 },
    })
  )._id;

/** The i-th bench question of a test. */
export const questionBody = (testId: string, i: number): QuestionBody => ({
  test: testId,
  section: SECTION_NAMES[i % SECTION_NAMES.length] as QuestionBody['section'],
  questionNumber: (i % 59) + 1,
  mistakeType: 'Content Gap',
  wrongAnswerReason: 'Bench reason',
  rightAnswerReason: 'Bench answer',
  improvementPlan: 'Bench plan',
  topicTags: ['Physics', `Tag ${i % 20}`],
});

/** Creates `count` questions spread over the tests, `parallel` requests at a time. */
export async function addQuestions(
  call: Call,
  testIds: readonly string[],
  count: number,
  parallel = 8,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await call('POST', '/api/questions', questionBody(testIds[i % testIds.length] as string, i));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
