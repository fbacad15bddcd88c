/**
 * The signed-in user whose dashboard is measured: a fresh student (bench-account.ts) with a
 * planned test date and two sample practice tests, so the dashboard shows its countdown, its
 * recent-tests table and its score charts. The dashboard is loaded as a returning student's
 * browser has it: the token and the name the web app stored on the last visit.
 */
import { STORAGE_KEYS } from '@mcat/contracts';
import { BENCH_STUDENT_NAME, registerBenchStudent } from '../bench-account';

/** Local storage entries a page load starts with. */
export type BrowserStorage = Readonly<Record<string, string>>;

export interface BenchUser {
  token: string;
  /** What the web app left in local storage on the student's last visit. */
  storage: BrowserStorage;
  /** false when the tests API refused a sample test: the dashboard then has no charts */
  hasTests: boolean;
}

const SAMPLE_TESTS = [
  { dateTaken: '2025-01-04', source: 'Blueprint FL 1', subscores: [124, 123, 125, 126] },
  { dateTaken: '2025-02-01', source: 'AAMC FL 1', subscores: [126, 125, 128, 127] },
] as const;

async function addSampleTest(
  baseUrl: string,
  token: string,
  sample: (typeof SAMPLE_TESTS)[number],
): Promise<boolean> {
  const [chemPhys, cars, bio, psychSoc] = sample.subscores;
  const created = await fetch(`${baseUrl}/api/tests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      dateTaken: sample.dateTaken,
      source: sample.source,
      subscores: { chemPhys, cars, bio, psychSoc },
      totalScore: chemPhys + cars + bio + psychSoc,
    }),
  });
  return created.status === 201;
}

/** Throws when registration is refused (the auth API's answer is in the message). */
export async function createBenchUser(baseUrl: string): Promise<BenchUser> {
  const token = await registerBenchStudent(baseUrl, { plannedTestingDate: '2031-04-18' });
  let hasTests = true;
  for (const sample of SAMPLE_TESTS) {
    if (!(await addSampleTest(baseUrl, token, sample))) hasTests = false;
  }
  const storage = { [STORAGE_KEYS.token]: token, [STORAGE_KEYS.studentName]: BENCH_STUDENT_NAME };
  return { token, storage, hasTests };
}
