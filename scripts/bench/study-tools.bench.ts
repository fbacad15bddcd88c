/**
 * `npm run bench` part for the study tools of issue 18, run by scripts/bench.ts against the
 * test-profile product, through the gateway. One premium student with 50 tests and 1,300 missed
 * questions, then:
 *  - GET /api/questions/insights at a fixed 100 requests/s (target p99 <= 50 ms);
 *  - GET /api/tests/projection at a fixed 100 requests/s (target p99 <= 50 ms);
 *  - GET /api/questions/export/anki of the 1,300 questions, three in a row (target <= 2 s each).
 * A route that does not answer 200 is skipped with a note. The premium plan allows 15 tests, so
 * the 50 tests are written straight into the tests service's database (as the tests service
 * stores them, with no event); each question's test reaches the questions service through its
 * read-through of an unknown test. It reports and never fails. BENCH_DURATION_S (default 10)
 * and BENCH_WARM_UP_S (default 10) tune the load. The figures are recorded in
 * docs/benchmarks-log.md ("Study tools").
 */
import autocannon from 'autocannon';
import { MongoClient, ObjectId } from 'mongodb';
import { MISTAKE_TYPES, SECTION_NAMES } from '@mcat/contracts';
import { withDatabase } from '@mcat/runner/processes';
import { premiumBenchStudent, type Call } from './bench-account';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/**
 * Load at the same rate before the measured run: the route's code in the gateway and the service
 * is compiled by V8 under load, and the product settles after the 1,300 writes. With 2 s the
 * projection's p99 was twice its steady value (docs/benchmarks-log.md, "Study tools").
 */
const WARM_UP_S = Number(process.env.BENCH_WARM_UP_S ?? 10);
const RATE = 100;
const RATE_CONNECTIONS = 10;
const TESTS = 50;
const QUESTIONS = 1300;
const PARALLEL_WRITES = 8;
const DECK_RUNS = 3;
const TARGET_P99_MS = 50;
const TARGET_DECK_MS = 2000;
const TAGS = ['Enzymes', 'Optics', 'Kinematics', 'Genetics', 'Metabolism', 'Circuits'];

const print = (line = '') => process.stdout.write(`${line}\n`);
const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** A premium student (the dev provider's 100% coupon) with a testing date 90 days away. */
function premiumStudent(gatewayUrl: string): Promise<{ call: Call; token: string }> {
  const day = new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return premiumBenchStudent(gatewayUrl, { plannedTestingDate: day });
}

/** 50 tests a week apart, scores slowly rising, as the tests service stores them. */
async function writeTests(userId: string): Promise<string[]> {
  const mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) throw new Error('MONGO_URL is not set');
  const mongo = new MongoClient(withDatabase(mongoUrl, 'mcat_tests'));
  await mongo.connect();
  try {
    const start = Date.UTC(2025, 0, 6);
    const tests = Array.from({ length: TESTS }, (_, i) => {
      const score = 122 + Math.min(8, Math.floor(i / 6));
      const subscores = { chemPhys: score, cars: score - 1, bio: score + 1, psychSoc: score };
      return {
        _id: new ObjectId(),
        userId,
        dateTaken: new Date(start + i * 7 * 24 * 60 * 60 * 1000),
        source: `Bench FL ${i + 1}`,
        subscores,
        totalScore: Object.values(subscores).reduce((sum, s) => sum + s, 0),
        review: {
          isComplete: false,
          sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
        },
        deletedAt: null,
        createdAt: new Date(),
      };
    });
    await mongo.db().collection('tests').insertMany(tests);
    return tests.map((t) => t._id.toHexString());
  } finally {
    await mongo.close();
  }
}

async function addQuestions(call: Call, testIds: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < QUESTIONS) {
      const i = next++;
      await call('POST', '/api/questions', {
        test: testIds[i % testIds.length],
        section: SECTION_NAMES[i % SECTION_NAMES.length],
        questionNumber: (i % 59) + 1,
        mistakeType: i % 9 === 8 ? '' : MISTAKE_TYPES[i % MISTAKE_TYPES.length],
        wrongAnswerReason: `Bench reason ${i}`,
        rightAnswerReason: `Bench answer ${i}`,
        improvementPlan: `Bench plan ${i}`,
        topicTags: [TAGS[i % TAGS.length], `Tag ${i % 20}`],
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_WRITES }, worker));
}

/** The status of one GET, or 0 when it could not be sent. */
async function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  try {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function atFixedRate(
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  const status = await statusOf(url, headers);
  if (status !== 200) {
    print(`  ${name}: skipped, it answers ${status} (not built yet?)`);
    return;
  }
  const options = { url, headers, connections: RATE_CONNECTIONS, overallRate: RATE };
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  const failed = result.non2xx + result.errors + result.timeouts;
  const met = result.latency.p99 <= TARGET_P99_MS ? 'met' : 'missed';
  print(
    `  ${`${name} at ${RATE} req/s`.padEnd(44)} p50 ${fixed(result.latency.p50)} ms   p99 ` +
      `${fixed(result.latency.p99)} ms   target p99 <= ${TARGET_P99_MS} ms: ${met}` +
      `${failed ? `   (${failed} failed)` : ''}`,
  );
}

async function deckExport(url: string, headers: Record<string, string>): Promise<void> {
  const name = 'GET /api/questions/export/anki';
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < DECK_RUNS; run += 1) {
    const began = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    if (response.status !== 200) {
      print(`  ${name}: skipped, it answers ${response.status} (not built yet?)`);
      return;
    }
    times.push(performance.now() - began);
    bytes = body.byteLength;
  }
  const slowest = Math.max(...times);
  print(
    `  ${name}, ${DECK_RUNS} runs: ${times.map((t) => fixed(t, 0)).join(', ')} ms, ` +
      `${fixed(bytes / 1024, 1)} KiB   target <= ${TARGET_DECK_MS} ms: ` +
      `${slowest <= TARGET_DECK_MS ? 'met' : 'missed'}`,
  );
}

async function main(): Promise<void> {
  print(
    `Study tools through the gateway (premium student, ${TESTS} tests, ${QUESTIONS} questions)`,
  );
  const gatewayUrl = process.env.BENCH_GATEWAY_URL;
  if (!gatewayUrl) {
    print('  skipped: run it through `npm run bench`, which starts the product');
    return;
  }
  const { call, token } = await premiumStudent(gatewayUrl);
  const me = await call<{ _id: string }>('GET', '/api/auth/me');
  const testIds = await writeTests(me._id);
  await addQuestions(call, testIds);
  const headers = { authorization: `Bearer ${token}` };
  await atFixedRate('GET /api/questions/insights', `${gatewayUrl}/api/questions/insights`, headers);
  await atFixedRate('GET /api/tests/projection', `${gatewayUrl}/api/tests/projection`, headers);
  await deckExport(`${gatewayUrl}/api/questions/export/anki`, headers);
}

void main().catch((error: unknown) => {
  print(`  bench failed: ${error instanceof Error ? error.message : String(error)}`);
});
