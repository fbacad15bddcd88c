/**
 * `npm run bench` part for the tests and questions services (issue 4), run by scripts/bench.ts
 * against the test-profile product, through the gateway. It reports and never fails:
 *  1. a premium user with 15 tests and 1300 missed questions: GET /api/tests and GET /api/questions
 *     at full load (requests/s, p50, p99) and GET /api/questions at a fixed 100 requests/s
 *     (target p99 <= 50 ms); the questions screen's first page (?limit=50, docs/api-paging.md) at
 *     full load and at a fixed 200 requests/s (issue 15; the same p99 target), and the bytes each
 *     answer puts on the wire as the browser asks for it (Brotli);
 *  2. the cascade: time from DELETE /api/tests/{id} (a test with 100 questions) until that test's
 *     questions are gone, p50 and p99 over BENCH_CASCADE_RUNS runs (default 50; target p99 <= 500 ms).
 * BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS (default 32) tune the load. BENCH_PART=cascade
 * runs the cascade only, after the same setup (FerretDB scans read every user's questions, so the
 * 1300 questions of part 1 weigh on the cascade too).
 * The figures and what they depend on are recorded in docs/benchmarks-log.md ("Tests and
 * questions").
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { premiumBenchStudent } from './bench-account';
import { cascadeTimes, QUESTIONS_PER_CASCADE } from './cascade';
import { loadFigures, p50p99, type LoadFigures } from './latency';
import { addQuestions, FIRST_PAGE, newTest } from './student-data';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const CASCADE_RUNS = Number(process.env.BENCH_CASCADE_RUNS ?? 50);
const CASCADE_ONLY = process.env.BENCH_PART === 'cascade';

const print = (line = '') => process.stdout.write(`${line}\n`);
const fixed = (value: number, digits = 2) => value.toFixed(digits);

async function measure(
  url: string,
  headers: Record<string, string>,
  rate?: number,
): Promise<LoadFigures> {
  const options = {
    url,
    headers,
    connections: rate ? 10 : CONNECTIONS,
    ...(rate ? { overallRate: rate } : {}),
  };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return loadFigures(result);
}

const row = (name: string, f: LoadFigures) =>
  `  ${name.padEnd(34)} ${fixed(f.requestsPerSecond, 0).padStart(6)} req/s   p50 ${fixed(f.p50)} ms   p99 ${fixed(f.p99)} ms${f.failed ? `   (${f.failed} failed)` : ''}`;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** An answer's size as sent with `accept-encoding: br`, and without any encoding. */
async function wireBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoded: number; decoded: number }> {
  const compressed = await getRaw(url, { ...headers, 'accept-encoding': 'br' });
  const plain = await getRaw(url, { ...headers, 'accept-encoding': 'identity' });
  return { encoded: compressed, decoded: plain };
}

/** The body's length as it crossed the wire (node:http leaves the encoding alone). */
function getRaw(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve(length));
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  print('Tests and questions through the gateway (premium user, 15 tests, 1300 questions)');
  const gatewayUrl = process.env.BENCH_GATEWAY_URL;
  if (!gatewayUrl) {
    print('  skipped: run it through `npm run bench`, which starts the product');
    return;
  }
  const { call: user, token } = await premiumBenchStudent(gatewayUrl);
  const testIds: string[] = [];
  for (let day = 0; day < 15; day += 1) testIds.push(await newTest(user, day));
  await addQuestions(user, testIds, 1300);
  if (!CASCADE_ONLY) await loadRows(gatewayUrl, token);
  await cascade(gatewayUrl);
}

async function loadRows(gatewayUrl: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  print(row('GET /api/tests', await measure(`${gatewayUrl}/api/tests`, headers)));
  print(row('GET /api/questions', await measure(`${gatewayUrl}/api/questions`, headers)));
  const fixedRate = await measure(`${gatewayUrl}/api/questions`, headers, 100);
  print(`${row('GET /api/questions at 100 req/s', fixedRate)}   target p99 <= 50 ms`);
  const firstPage = `${gatewayUrl}/api/questions?limit=${FIRST_PAGE}`;
  print(row(`GET /api/questions?limit=${FIRST_PAGE}`, await measure(firstPage, headers)));
  const pageAtRate = await measure(firstPage, headers, 200);
  print(`${row('  first page at 200 req/s', pageAtRate)}   target p99 <= 50 ms`);
  const wholeBytes = await wireBytes(`${gatewayUrl}/api/questions`, headers);
  const pageBytes = await wireBytes(firstPage, headers);
  print(
    `  on the wire (br): whole list ${kib(wholeBytes.encoded)} of ${kib(wholeBytes.decoded)},` +
      ` first page ${kib(pageBytes.encoded)} of ${kib(pageBytes.decoded)}`,
  );
  // The same list from the questions service itself: what of its time the gateway adds.
  const direct = (JSON.parse(process.env.BENCH_URLS ?? '{}') as Record<string, string>).questions;
  if (!direct) return;
  print(row('same, questions service directly', await measure(`${direct}/api/questions`, headers)));
  print(row('  directly at 100 req/s', await measure(`${direct}/api/questions`, headers, 100)));
}

async function cascade(gatewayUrl: string): Promise<void> {
  print(
    `Cascade: DELETE /api/tests/{id} with ${QUESTIONS_PER_CASCADE} questions until they are gone`,
  );
  const { call: cascadeUser } = await premiumBenchStudent(gatewayUrl);
  const { p50, p99 } = p50p99(await cascadeTimes(cascadeUser, CASCADE_RUNS));
  print(
    `  ${CASCADE_RUNS} runs: p50 ${fixed(p50)} ms   p99 ${fixed(p99)} ms   target p99 <= 500 ms`,
  );
}

void main().catch((error: unknown) => {
  print(`  bench failed: ${error instanceof Error ? error.message : String(error)}`);
});
