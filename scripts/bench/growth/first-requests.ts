/**
 * A new student's first requests through the gateway, timed: each measured student is registered
 * through the API (free plan, nothing of it kept anywhere yet), logs one test with a few missed
 * questions, then makes each request of FIRST_REQUESTS in turn, CALLS rounds over. The first round
 * is what a new student meets; the later ones what the same student meets next.
 */
import { SECTION_NAMES } from '@mcat/contracts';
import { client, registerBenchStudent } from '../bench-account';
import { p50p99 } from '../latency';
import { addQuestions, FIRST_PAGE, newTest } from '../student-data';
import { BUDGET_S, CALLS, MEASURED_QUESTIONS, REQUEST_TIMEOUT_MS, STUDENTS } from './settings';

/** The requests of the dashboard and the questions screens, as the web app sends them. */
export const FIRST_REQUESTS = [
  { name: 'tests list', path: () => '/api/tests' },
  { name: 'questions, first page', path: () => `/api/questions?limit=${FIRST_PAGE}` },
  {
    name: 'search (section, first page)',
    path: () =>
      `/api/questions/search?${new URLSearchParams({ section: SECTION_NAMES[0], limit: String(FIRST_PAGE) })}`,
  },
  { name: 'insights', path: () => '/api/questions/insights' },
  { name: 'due count', path: () => '/api/questions/review/due/count' },
  { name: 'tags', path: () => '/api/questions/tags' },
  { name: "one test's questions", path: (testId: string) => `/api/questions/test/${testId}` },
] as const;

export type RequestName = (typeof FIRST_REQUESTS)[number]['name'];

export interface RequestFigures {
  /** Every call's time (ms) that answered 200. */
  p50: number;
  p99: number;
  calls: number;
  /** Each student's first call of this request (the first round). */
  firstP50: number;
  firstMax: number;
  /** Calls that did not answer 200 in time: status (0 none) and time. */
  failures: string[];
}

export interface FirstRequestFigures {
  students: number;
  callsPerStudent: number;
  /** Whether the budget stopped the size before every student was measured. */
  cutShort: boolean;
  requests: Record<string, RequestFigures>;
}

interface Timing {
  ms: number;
  status: number;
}

async function timedGet(url: string, token: string): Promise<Timing> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

/** One new student's calls: per request, its timings in the order made. */
async function measureStudent(gatewayUrl: string): Promise<Map<RequestName, Timing[]>> {
  const token = await registerBenchStudent(gatewayUrl);
  const call = client(gatewayUrl, token);
  const testId = await newTest(call, 0);
  await addQuestions(call, [testId], MEASURED_QUESTIONS, 1);
  const timings = new Map<RequestName, Timing[]>();
  for (let round = 0; round < CALLS; round += 1) {
    for (const request of FIRST_REQUESTS) {
      const timing = await timedGet(`${gatewayUrl}${request.path(testId)}`, token);
      timings.set(request.name, [...(timings.get(request.name) ?? []), timing]);
    }
  }
  return timings;
}

function figuresOf(perStudent: readonly Timing[][]): RequestFigures {
  const answered = (timings: readonly Timing[]) =>
    timings.filter((t) => t.status === 200).map((t) => t.ms);
  const all = p50p99(answered(perStudent.flat()));
  const firsts = answered(perStudent.flatMap((timings) => timings.slice(0, 1)));
  return {
    ...all,
    calls: perStudent.flat().length,
    firstP50: p50p99(firsts).p50,
    firstMax: firsts.length > 0 ? Math.max(...firsts) : NaN,
    failures: perStudent
      .flat()
      .filter((t) => t.status !== 200)
      .map((t) => `${t.status || 'no answer'} after ${Math.round(t.ms)} ms`),
  };
}

/**
 * Measures up to `students` new students (STUDENTS unless given), one after another; none is
 * started once BUDGET_S seconds have gone.
 */
export async function measureFirstRequests(
  gatewayUrl: string,
  students = STUDENTS,
): Promise<FirstRequestFigures> {
  const started = performance.now();
  const measured: Map<RequestName, Timing[]>[] = [];
  while (measured.length < students && performance.now() - started < BUDGET_S * 1000) {
    measured.push(await measureStudent(gatewayUrl));
  }
  return {
    students: measured.length,
    callsPerStudent: CALLS,
    cutShort: measured.length < students,
    requests: Object.fromEntries(
      FIRST_REQUESTS.map(({ name }) => [
        name,
        figuresOf(measured.map((timings) => timings.get(name) ?? [])),
      ]),
    ),
  };
}
