/**
 * `npm run bench` part for issue 26, how the product holds up as its data grows, run by
 * scripts/bench.ts against the test-profile product, through the gateway. For each data size of
 * BENCH_GROWTH_SIZES (questions; default 0, 10,000 and 100,000), growing in that order:
 *  1. the data set is seeded straight into the databases (growth/seed.ts, growth/documents.ts):
 *     premium students of 10 tests with 100 missed questions each, and everything the services
 *     keep of them (plans, places, test summaries, reviews, planned dates, purchases);
 *  2. each process's CPU while idle (BENCH_PIDS and BENCH_INFRA_PIDS), from /proc over
 *     BENCH_GROWTH_IDLE_S seconds (target < 1 % of a core for each service and the gateway);
 *  3. the first requests of BENCH_GROWTH_STUDENTS new students (growth/first-requests.ts), p50
 *     and p99 of each (target p99 <= 50 ms, and within 2x of the empty database's);
 *  4. BENCH_GROWTH_CASCADE_RUNS cascades of a 100-question test (target p99 <= 300 ms);
 *  5. keyed question creates by 8 students at once for BENCH_GROWTH_CREATES_S seconds.
 * Before the first size, an unmeasured warm-up (a reference student for the shape check, one
 * student's first requests, one cascade) has V8 compile the routes' code in every process. At the
 * end, the seeded documents are compared with the reference student's (growth/shape-check.ts) and
 * removed, so the benches after this one find the databases as this one found them. Every figure
 * goes to .test-data/reports/growth-figures.json. It reports and never fails;
 * docs/benchmarks-log.md ("Growth (issue 26)") records the figures.
 */
import path from 'node:path';
import { measureCascades } from './growth/cascade-runs';
import { measureFirstRequests, type FirstRequestFigures } from './growth/first-requests';
import { idleCpu } from './growth/idle-cpu';
import { measureKeyedCreates } from './growth/keyed-creates';
import {
  failed,
  print,
  printCascade,
  printCreates,
  printCurve,
  printFirstRequests,
  printIdleCpu,
  printSeeding,
  printShapes,
  writeReport,
  type GrowthFigures,
  type Measured,
  type SizeFigures,
} from './growth/report';
import { GrowthSeed } from './growth/seed';
import * as settings from './growth/settings';
import { compareShapes, createReferenceStudent } from './growth/shape-check';
import { executable } from './proc-stats';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function attempt<T extends object>(part: () => Promise<T>): Promise<Measured<T>> {
  try {
    return await part();
  } catch (error) {
    return { error: messageOf(error) };
  }
}

/** The FerretDB binary's folder in the tools cache, e.g. ferretdb-v1.24.2-<patches>. */
function ferretdbBuild(pid: number | undefined): string | null {
  const program = pid === undefined ? null : executable(pid);
  return program === null ? null : path.basename(path.dirname(program));
}

async function measureSize(
  gatewayUrl: string,
  seed: GrowthSeed,
  questions: number,
  pids: Record<string, number>,
  empty: FirstRequestFigures | undefined,
): Promise<SizeFigures> {
  const seeding = await seed.growTo(questions);
  printSeeding(seeding);
  const idleCpuPercent = await idleCpu(pids);
  printIdleCpu(idleCpuPercent, settings.IDLE_S);
  const firstRequests = await attempt(() => measureFirstRequests(gatewayUrl));
  printFirstRequests(firstRequests, empty);
  const cascadeFigures = await attempt(() => measureCascades(gatewayUrl, settings.CASCADE_RUNS));
  printCascade(cascadeFigures);
  const keyedCreates = await attempt(() => measureKeyedCreates(gatewayUrl));
  printCreates(keyedCreates);
  print();
  return {
    questions: seeding.questions,
    seeding,
    idleCpuPercent,
    firstRequests,
    cascade: cascadeFigures,
    keyedCreates,
  };
}

/** Removes the seeded data (the benches after this one must not measure it) and says so. */
async function removeSeeded(seed: GrowthSeed, figures: GrowthFigures): Promise<void> {
  try {
    figures.seedRemovalSeconds = await seed.remove();
    print(`Seeded data removed in ${figures.seedRemovalSeconds.toFixed(1)} s`);
  } catch (error) {
    print(`  SEEDED DATA NOT ALL REMOVED (${messageOf(error)}): later benches will measure it`);
  } finally {
    await seed.close();
  }
}

async function main(): Promise<void> {
  print('Growth: the same requests as the data set grows (issue 26)');
  const gatewayUrl = process.env.BENCH_GATEWAY_URL;
  const mongoUrl = process.env.MONGO_URL;
  if (!gatewayUrl || !mongoUrl) {
    print('  skipped: run it through `npm run bench`, which starts the product');
    return;
  }
  const started = performance.now();
  const pids = {
    ...(JSON.parse(process.env.BENCH_PIDS ?? '{}') as Record<string, number>),
    ...(JSON.parse(process.env.BENCH_INFRA_PIDS ?? '{}') as Record<string, number>),
  };
  const figures: GrowthFigures = {
    measuredAt: new Date().toISOString(),
    gatewayUrl,
    ferretdbBuild: ferretdbBuild(pids.ferretdb),
    settings: settings.REPORTED,
    targets: settings.TARGETS,
    sizes: [],
    shapeDifferences: {},
    seedRemovalSeconds: null,
    totalSeconds: 0,
  };
  print(
    `  FerretDB build: ${figures.ferretdbBuild ?? 'unknown (no ferretdb in BENCH_INFRA_PIDS)'}`,
  );
  const referenceUserId = await createReferenceStudent(gatewayUrl);
  await measureFirstRequests(gatewayUrl, 1);
  await measureCascades(gatewayUrl, 1);
  const seed = await GrowthSeed.connect(mongoUrl);
  try {
    let empty: FirstRequestFigures | undefined;
    for (const questions of settings.SIZES) {
      const size = await measureSize(gatewayUrl, seed, questions, pids, empty);
      figures.sizes.push(size);
      if (size.questions === 0 && !failed(size.firstRequests)) empty = size.firstRequests;
    }
    printCurve(figures.sizes);
    figures.shapeDifferences = await compareShapes(mongoUrl, referenceUserId);
    printShapes(figures.shapeDifferences);
  } finally {
    await removeSeeded(seed, figures);
  }
  figures.totalSeconds = (performance.now() - started) / 1000;
  print(`Growth bench took ${(figures.totalSeconds / 60).toFixed(1)} min`);
  await writeReport(figures);
}

void main()
  .catch((error: unknown) => print(`  growth bench failed: ${messageOf(error)}`))
  .finally(() => process.exit(0));
