/**
 * Keyed question creates through the gateway: CREATING_STUDENTS premium students at once, each
 * sending `POST /api/questions` with a fresh Idempotency-Key per question (as the web app does,
 * docs/api-idempotency.md), one after another, for CREATES_S seconds. Each student first creates
 * one question unmeasured: a student's first create reads its plan places (PlanLimitsService),
 * the later ones do not.
 */
import { randomUUID } from 'node:crypto';
import { premiumBenchStudent, type Call } from '../bench-account';
import { p50p99 } from '../latency';
import { newTest, questionBody } from '../student-data';
import { CREATES_S, CREATING_STUDENTS } from './settings';

export interface CreateFigures {
  students: number;
  seconds: number;
  created: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

const keyedCreate = (call: Call, testId: string, i: number) =>
  call('POST', '/api/questions', questionBody(testId, i), { 'Idempotency-Key': randomUUID() });

export async function measureKeyedCreates(gatewayUrl: string): Promise<CreateFigures> {
  const students: { call: Call; testId: string }[] = [];
  for (let i = 0; i < CREATING_STUDENTS; i += 1) {
    const { call } = await premiumBenchStudent(gatewayUrl);
    const testId = await newTest(call, i);
    await keyedCreate(call, testId, 0);
    students.push({ call, testId });
  }
  const times: number[] = [];
  let failed = 0;
  const started = performance.now();
  const ends = started + CREATES_S * 1000;
  await Promise.all(
    students.map(async ({ call, testId }) => {
      for (let i = 1; performance.now() < ends; i += 1) {
        const sent = performance.now();
        try {
          await keyedCreate(call, testId, i);
          times.push(performance.now() - sent);
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    students: students.length,
    seconds,
    created: times.length,
    perSecond: times.length / seconds,
    ...p50p99(times),
    failed,
  };
}
