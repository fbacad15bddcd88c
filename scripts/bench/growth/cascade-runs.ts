/**
 * The growth bench's cascades at one data size: a new premium student's runs of
 * scripts/bench/cascade.ts, p50 and p99.
 */
import { premiumBenchStudent } from '../bench-account';
import { cascadeTimes } from '../cascade';
import { p50p99 } from '../latency';
import { addQuestions, FIRST_PAGE, newTest } from '../student-data';
import { BUDGET_S } from './settings';

export interface CascadeFigures {
  runs: number;
  p50: number;
  p99: number;
}

const ATTEMPTS = 3;

/**
 * The call, sent again after a failure (a 504 while a scan outlasts the gateway's time-out; the
 * service keeps what the scan built), ATTEMPTS times in all.
 */
async function retried<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
    }
  }
}

/**
 * Up to `runs` cascades of a new premium student, none started after BUDGET_S seconds. The student
 * makes its first create alone (the one that reads the student's plan places, rather than 8 at
 * once in a run) and reads its question list once, so that the runs' creates keep the list as the
 * web app's student has it, rather than the first run timing its build.
 */
export async function measureCascades(gatewayUrl: string, runs: number): Promise<CascadeFigures> {
  const { call } = await premiumBenchStudent(gatewayUrl);
  await addQuestions(call, [await newTest(call, 0)], 1);
  await retried(() => call('GET', `/api/questions?limit=${FIRST_PAGE}`));
  const times = await cascadeTimes(call, runs, BUDGET_S * 1000);
  return { runs: times.length, ...p50p99(times) };
}
