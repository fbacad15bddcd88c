/**
 * A bounded, steady load of students through the cluster's gateway while the several-node tests
 * take parts of the cluster away (several-nodes.spec.ts): each student, one request at a time,
 * signs in now and then, lists their tests, adds a missed question with an Idempotency-Key, marks
 * a section reviewed and reads their insights. A keyed create that fails is sent again with the
 * same key, as the web app does, until it is answered; what is counted is every request that
 * failed (no answer, or any answer but 2xx) and every create that was never answered.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, type Question } from '@mcat/contracts';
import { login, register, type SignedIn } from '@mcat/test-support/system/accounts';
import type { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

export interface LoadStudent extends SignedIn {
  /** The test each of the student's questions is added to. */
  testId: string;
}

export interface FailedRequest {
  at: number;
  what: string;
  /** The status, or the connection error's code. */
  answer: string;
}

export interface LoadReport {
  requests: number;
  failed: FailedRequest[];
  /** Keyed creates answered 201, each with the key it was sent with and the question stored. */
  created: { student: string; key: string; questionId: string; attempts: number }[];
  /** Keyed creates still unanswered when the load stopped (their retries ran out). */
  unanswered: { student: string; key: string }[];
}

export interface LoadOptions {
  /** Pause between one student's requests. */
  pauseMs: number;
  /** How long a keyed create is sent again before it counts as lost. */
  retryForMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request with no answer after this long failed (a connection to a lost node's pod hangs). */
const ANSWER_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })),
      ANSWER_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Sign in every this many rounds. */
const SIGN_IN_EVERY = 10;
const SECTIONS = ['chemPhys', 'cars', 'bio', 'psychSoc'] as const;

export function startStudentLoad(
  gateway: GatewayClient,
  students: LoadStudent[],
  options: LoadOptions,
): { stop(): Promise<LoadReport> } {
  const report: LoadReport = { requests: 0, failed: [], created: [], unanswered: [] };
  let running = true;

  const send = async <T>(what: string, call: () => Promise<{ status: number; body: T }>) => {
    report.requests += 1;
    try {
      const answer = await withTimeout(call());
      if (answer.status >= 300) {
        report.failed.push({ at: Date.now(), what, answer: String(answer.status) });
        return null;
      }
      return answer;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      report.failed.push({ at: Date.now(), what, answer: code });
      return null;
    }
  };

  const keyedCreate = async (student: LoadStudent) => {
    const key = randomUUID();
    const body = questionBody(student.testId);
    const deadline = Date.now() + options.retryForMs;
    for (let attempt = 1; Date.now() < deadline; attempt += 1) {
      const answer = await send('POST /api/questions (keyed)', () =>
        gateway.request<Question>('POST', '/api/questions', {
          json: body,
          token: student.token,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        }),
      );
      if (answer && answer.status === 201) {
        report.created.push({
          student: student.email,
          key,
          questionId: answer.body._id,
          attempts: attempt,
        });
        return;
      }
      await sleep(500);
    }
    report.unanswered.push({ student: student.email, key });
  };

  const loop = async (student: LoadStudent) => {
    for (let round = 0; running; round += 1) {
      if (round % SIGN_IN_EVERY === SIGN_IN_EVERY - 1) {
        await send('POST /api/auth/login', async () => {
          const signedIn = await login(gateway, student);
          return { status: 200, body: signedIn };
        });
      }
      await send('GET /api/tests', () => gateway.get('/api/tests', student.token));
      await sleep(options.pauseMs);
      await keyedCreate(student);
      await sleep(options.pauseMs);
      const section = SECTIONS[round % SECTIONS.length] as (typeof SECTIONS)[number];
      await send('PATCH /api/tests/:id/review', () =>
        gateway.request('PATCH', `/api/tests/${student.testId}/review`, {
          json: { sectionsReviewed: { [section]: round % 2 === 0 } },
          token: student.token,
        }),
      );
      await sleep(options.pauseMs);
      await send('GET /api/questions/insights', () =>
        gateway.get('/api/questions/insights', student.token),
      );
      await sleep(options.pauseMs);
    }
  };

  const loops = students.map((student) => loop(student));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}

/** `count` new students, each with one test to add questions to. */
export async function loadStudents(gateway: GatewayClient, count: number): Promise<LoadStudent[]> {
  const made: LoadStudent[] = [];
  for (let i = 0; i < count; i += 1) {
    const student = await register(gateway);
    const test = await createTest(gateway, student.token, TEST_SAMPLES[0]);
    made.push({ ...student, testId: test._id });
  }
  return made;
}

/** One student's stored questions beside those the load's keyed creates were answered with. */
export interface StoredAndCreated {
  student: string;
  stored: string[];
  created: string[];
}

/**
 * Each student's stored question ids and the ids their answered keyed creates returned, both
 * sorted: equal when every create was stored once and nothing else was.
 */
export async function storedAndCreated(
  gateway: GatewayClient,
  students: LoadStudent[],
  report: LoadReport,
): Promise<StoredAndCreated[]> {
  const compared: StoredAndCreated[] = [];
  for (const student of students) {
    const stored = await gateway.get<Question[]>('/api/questions', student.token);
    compared.push({
      student: student.email,
      stored: stored.body.map((question) => question._id).sort(),
      created: report.created
        .filter((entry) => entry.student === student.email)
        .map((entry) => entry.questionId)
        .sort(),
    });
  }
  return compared;
}
