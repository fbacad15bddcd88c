/**
 * The cascade of a deleted test, timed through the gateway: from `DELETE /api/tests/{id}` (a test
 * with 100 questions) until that test's questions are gone for the student.
 */
import type { Call } from './bench-account';
import { addQuestions, newTest } from './student-data';

export const QUESTIONS_PER_CASCADE = 100;

/** A run whose questions are still there after this long is given up (the bench goes on). */
const GIVE_UP_MS = 60_000;

/**
 * Times `runs` cascades of the student's, each on a new test with 100 new questions, and answers
 * the times in ms; no run starts once `budgetMs` has gone. It polls the search rather than
 * GET /api/questions/test/{id}: that route answers 404 as soon as the test is known to be deleted,
 * before its questions are gone, while the search shows them until they are.
 */
export async function cascadeTimes(
  call: Call,
  runs: number,
  budgetMs = Infinity,
): Promise<number[]> {
  const times: number[] = [];
  const began = performance.now();
  for (let run = 0; run < runs && performance.now() - began < budgetMs; run += 1) {
    const testId = await newTest(call, run);
    await addQuestions(call, [testId], QUESTIONS_PER_CASCADE);
    const started = performance.now();
    await call('DELETE', `/api/tests/${testId}`);
    for (;;) {
      const left = await call<unknown[]>('GET', `/api/questions/search?testId=${testId}`);
      if (left.length === 0) break;
      if (performance.now() - started > GIVE_UP_MS) {
        throw new Error(`test ${testId}'s questions were still there after ${GIVE_UP_MS} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    times.push(performance.now() - started);
  }
  return times;
}
