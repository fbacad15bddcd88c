/**
 * `npm test`: lint, type-check, every jest project, the web app's Vitest suite, then the system
 * tests (gateway/test/system, jest through the gateway) and the Playwright suite against the whole
 * product started once with the `test` profile (ports 9xxx, data under .test-data/), so it runs
 * while `npm start` runs; last, as root, the product on a cluster, its images built in the
 * background from the start. The last line it prints is `tests: N passed, N failed`, summed over
 * the runners. See docs/adr/0002-test-runner.md. Run by scripts/test.ts, which names what it
 * needs of the cluster package (TestRunOptions), so that the runner imports no cluster code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll, frontendScripts } from './build';
import { queryLogFile } from './index-coverage/query-log-file';
import type { RunningProcess } from './infra';
import { infraUrls, REPO_ROOT, TEST_PROFILE } from './ports';
import { mailDir } from './processes';
import { acquireRunLock, AlreadyRunningError } from './run-lock';
import { startStack, type StackHandle } from './stack';
import {
  jestCounts,
  playwrightCounts,
  summaryLine,
  withExitCode,
  type Counts,
} from './test-reports';
import { logDir, startTestInfrastructure } from './test-infrastructure';
import { ensureKubeTools, ensureTool } from './tools';

const profile = TEST_PROFILE;
const REPORTS = path.join(profile.dataDir, 'reports');
const LOGS = logDir(profile);
const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');
const FRONTEND = path.join(REPO_ROOT, 'frontend');
const SYSTEM_TESTS_CONFIG = path.join(REPO_ROOT, 'gateway', 'test', 'system', 'jest.config.cjs');
const CLUSTER_TESTS_CONFIG = path.join(REPO_ROOT, 'packages/cluster/jest.cluster.config.cjs');
const INDEX_COVERAGE_CONFIG = path.join(
  REPO_ROOT,
  'packages/runner/src/index-coverage/jest.config.cjs',
);
/** Where the product's services append the shape of every query they send while the suites run. */
const QUERY_LOG = queryLogFile(profile);

const log = (line: string) => process.stdout.write(`[test] ${line}\n`);

interface StepResult {
  name: string;
  counts: Counts;
  note?: string;
}
const results: StepResult[] = [];
let currentChild: ChildProcess | null = null;
let interrupted = false;
const runStarted = Date.now();

/** Minutes since a moment, to one decimal: each step's time in the log, to see where a run goes. */
const minutesSince = (moment: number): string => ((Date.now() - moment) / 60_000).toFixed(1);

function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<number> {
  const shown = [command, ...args].join(' ');
  log(`$ ${shown}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    currentChild = child;
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => {
      currentChild = null;
      log(`${minutesSince(started)} min: ${shown}`);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** A check with no test count: passing adds nothing, failing counts as one failure. */
async function check(name: string, command: string, args: string[], cwd?: string) {
  const code = await run(command, args, cwd ? { cwd } : {});
  results.push({ name, counts: { passed: 0, failed: code === 0 ? 0 : 1 } });
}

const reportFile = (name: string) => path.join(REPORTS, `${name}.json`);

async function jest(): Promise<void> {
  const file = reportFile('jest');
  const code = await run(path.join(BIN, 'jest'), [
    '--json',
    `--outputFile=${file}`,
    '--passWithNoTests',
  ]);
  results.push({ name: 'jest', counts: withExitCode(jestCounts(file), code) });
}

/**
 * Go programs the jest projects run, built into the tools cache before jest starts so no test
 * waits on a build: kube-apiserver and kubectl for the chart's tests (helm/test/api-server.spec.ts;
 * about 12 minutes on a machine's first run), skaffold (helm/test/skaffold-cli.spec.ts),
 * promtool (helm/test/alerts.spec.ts; about 10 minutes on a first run) and the registry
 * (packages/runner/src/release/publish.spec.ts and the clusters; about 2 minutes).
 */
function cachedTools(): void {
  const started = Date.now();
  try {
    ensureKubeTools(['kube-apiserver', 'kubectl'], log);
    ensureTool('skaffold', log);
    ensureTool('promtool', log);
    ensureTool('registry', log);
  } catch (error) {
    log(`a tool did not build: ${error instanceof Error ? error.message : String(error)}`);
    results.push({ name: 'tools', counts: { passed: 0, failed: 1 }, note: 'build failed' });
  }
  log(`${minutesSince(started)} min: the jest projects' tools`);
}

async function vitest(): Promise<void> {
  if (!fs.existsSync(path.join(FRONTEND, 'vitest.config.ts'))) {
    results.push({ name: 'vitest', counts: { passed: 0, failed: 0 }, note: 'no config yet' });
    return;
  }
  const file = reportFile('vitest');
  const code = await run(
    path.join(BIN, 'vitest'),
    [
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    { cwd: FRONTEND },
  );
  results.push({ name: 'vitest', counts: withExitCode(jestCounts(file), code) });
}

/** Where the system tests find the running product (gateway/test/system/support/system-env.ts). */
const systemTestEnv = (stack: StackHandle): Record<string, string> => ({
  SYSTEM_PROFILE: JSON.stringify(profile),
  SYSTEM_BASE_URL: stack.url,
  SYSTEM_MAIL_DIR: mailDir(profile),
  SYSTEM_MONGO_URL: infraUrls(profile).MONGO_URL,
});

/** The jest specs in gateway/test/system, driving the running product through its gateway. */
async function systemTests(stack: StackHandle): Promise<void> {
  const file = reportFile('system');
  fs.rmSync(file, { force: true });
  const code = await run(
    path.join(BIN, 'jest'),
    ['-c', SYSTEM_TESTS_CONFIG, '--json', `--outputFile=${file}`],
    { env: systemTestEnv(stack) },
  );
  results.push({ name: 'system', counts: withExitCode(jestCounts(file), code) });
}

async function playwright(stack: StackHandle): Promise<void> {
  const config = path.join(FRONTEND, 'playwright.config.ts');
  if (!fs.existsSync(config)) {
    results.push({ name: 'playwright', counts: { passed: 0, failed: 0 }, note: 'no config yet' });
    return;
  }
  const file = reportFile('playwright');
  const code = await run(
    path.join(BIN, 'playwright'),
    ['test', '-c', config, '--pass-with-no-tests', '--reporter=list,json'],
    {
      env: {
        E2E_BASE_URL: stack.url,
        E2E_MAIL_DIR: mailDir(profile),
        E2E_JSON_REPORT: file,
        PLAYWRIGHT_JSON_OUTPUT_FILE: file,
      },
    },
  );
  results.push({ name: 'playwright', counts: withExitCode(playwrightCounts(file), code) });
}

/**
 * Holds every query the product sent during the system tests and Playwright to the indexes the
 * schemas declare, as the product created them in the still running FerretDB
 * (docs/adr/0027-index-coverage.md).
 */
async function indexCoverage(): Promise<void> {
  const file = reportFile('index-coverage');
  fs.rmSync(file, { force: true });
  const code = await run(
    path.join(BIN, 'jest'),
    ['-c', INDEX_COVERAGE_CONFIG, '--json', `--outputFile=${file}`],
    { env: { MONGO_QUERY_LOG: QUERY_LOG, SYSTEM_MONGO_URL: infraUrls(profile).MONGO_URL } },
  );
  results.push({ name: 'indexes', counts: withExitCode(jestCounts(file), code) });
}

/**
 * Builds and starts the whole product once, with its query log on, then runs the system tests and
 * Playwright on it, then the index check of the queries they caused.
 */
async function againstTheProduct(): Promise<void> {
  if (!buildAll(log)) {
    results.push({ name: 'build', counts: { passed: 0, failed: 1 }, note: 'product not started' });
    return;
  }
  const stackLog = path.join(LOGS, 'stack.log');
  // Its log at info (the runner's default is warn): every request, handled event and sent mail
  // with its trace id, as an operator follows one (docs/operations.md), and as the system tests do.
  process.env.LOG_LEVEL ??= 'info';
  log(`starting the product on ${profile.gateway} (output in ${stackLog})`);
  fs.rmSync(QUERY_LOG, { force: true });
  let stack: StackHandle;
  try {
    stack = await startStack(profile, {
      infrastructure: false,
      output: fs.createWriteStream(stackLog, { flags: 'a' }),
      env: { MONGO_QUERY_LOG: QUERY_LOG },
    });
  } catch (error) {
    log(`the product did not start: ${error instanceof Error ? error.message : String(error)}`);
    results.push({ name: 'product', counts: { passed: 0, failed: 1 }, note: 'stack failed' });
    return;
  }
  try {
    const suites = [systemTests, playwright];
    for (const suite of suites) if (!interrupted) await suite(stack);
  } finally {
    await stack.stop();
  }
  if (!interrupted) await indexCoverage();
}

const isRoot = (): boolean => process.getuid?.() === 0;

let imagesChild: ChildProcess | null = null;

/**
 * The cluster step's images, built while the other steps run, at a lower CPU priority: `npm run
 * images` (which rebuilds only images whose sources changed), then the questions service's next
 * build for the upgrade-and-rollback test (packages/cluster/src/next-build.ts, also skipped when
 * unchanged), then what the clusters build for themselves (packages/cluster/src/prebuild.ts: on a
 * new machine Kubernetes' node programs and Prometheus, about 20 minutes). Output in the logs
 * folder (images.log); settles with the exit code.
 */
function buildImagesInBackground(): Promise<number> {
  const file = path.join(LOGS, 'images.log');
  log(`building the cluster's images beside the other steps (output in ${file})`);
  const started = Date.now();
  const output = fs.openSync(file, 'w');
  const tsx = `'${process.execPath}' --import tsx`;
  const child = spawn(
    'nice',
    [
      '-n',
      '10',
      'sh',
      '-c',
      [
        'scripts/images.ts',
        'packages/cluster/src/next-build.ts',
        'packages/cluster/src/prebuild.ts',
      ]
        .map((script) => `${tsx} ${script}`)
        .join(' && '),
    ],
    { cwd: REPO_ROOT, env: process.env, stdio: ['ignore', output, output] },
  );
  imagesChild = child;
  return new Promise((resolve) => {
    const done = (code: number) => {
      imagesChild = null;
      fs.closeSync(output);
      log(`${minutesSince(started)} min: the cluster's images (exit code ${code})`);
      resolve(code);
    };
    child.on('error', () => done(127));
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/**
 * The product on a cluster of its own (packages/cluster/test/*.spec.ts): its images (built in the
 * background since the start, awaited here), then the cluster's tests, which need root for the
 * network namespace, mounts and cgroups.
 */
async function onACluster(
  imagesBuilt: Promise<number> | null,
  clusterFiguresFile: string,
): Promise<void> {
  if (!imagesBuilt) {
    results.push({
      name: 'cluster',
      counts: { passed: 0, failed: 1 },
      note: 'needs root: run npm test as root (sudo -E npm test) to test the chart on a cluster',
    });
    return;
  }
  const waited = Date.now();
  const images = await imagesBuilt;
  log(`${minutesSince(waited)} min: the cluster step waiting for its images`);
  if (images !== 0) {
    results.push({
      name: 'images',
      counts: { passed: 0, failed: 1 },
      note: "npm run images, the next build or the clusters' prebuild failed: see images.log in the logs folder",
    });
    return;
  }
  const file = reportFile('cluster');
  fs.rmSync(file, { force: true });
  // The cluster tests add their figures to this file: none of an earlier run's stay.
  fs.rmSync(clusterFiguresFile, { force: true });
  const code = await run(path.join(BIN, 'jest'), [
    '-c',
    CLUSTER_TESTS_CONFIG,
    '--runInBand',
    '--json',
    `--outputFile=${file}`,
  ]);
  results.push({ name: 'cluster', counts: withExitCode(jestCounts(file), code) });
}

function printSummary(): Counts {
  const total = results.reduce(
    (sum, r) => ({ passed: sum.passed + r.counts.passed, failed: sum.failed + r.counts.failed }),
    { passed: 0, failed: 0 },
  );
  process.stdout.write('\n');
  for (const r of results) {
    const note = r.note ? ` (${r.note})` : '';
    log(`${r.name.padEnd(12)} ${r.counts.passed} passed, ${r.counts.failed} failed${note}`);
  }
  log(`whole run: ${minutesSince(runStarted)} min`);
  process.stdout.write(`${summaryLine(total)}\n`);
  return total;
}

/** What the entry point hands over from the packages the runner does not import. */
export interface TestRunOptions {
  /** The file the cluster tests add their figures to (@mcat/cluster/cluster-figures). */
  clusterFiguresFile: string;
}

export async function main(options: TestRunOptions): Promise<number> {
  let lock;
  try {
    lock = acquireRunLock(path.join(profile.dataDir, 'test.lock'));
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    process.stderr.write(`npm test is already running (pid ${error.pid}); wait for it to end.\n`);
    return 1;
  }
  const onSignal = () => {
    interrupted = true;
    currentChild?.kill('SIGINT');
    imagesChild?.kill('SIGTERM');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let infrastructure: RunningProcess[] = [];
  try {
    await check('lint', 'npm', ['run', 'lint']);
    await check('typecheck', path.join(BIN, 'tsc'), ['-p', 'tsconfig.json']);
    if (frontendScripts().typecheck) {
      await check('typecheck-web', 'npm', ['run', 'typecheck', '-w', 'frontend']);
    }
    cachedTools();
    infrastructure = await startTestInfrastructure(profile, log);
    fs.mkdirSync(REPORTS, { recursive: true });
    fs.mkdirSync(LOGS, { recursive: true });
    const imagesBuilt = isRoot() ? buildImagesInBackground() : null;
    const steps = [
      jest,
      vitest,
      againstTheProduct,
      () => onACluster(imagesBuilt, options.clusterFiguresFile),
    ];
    for (const step of steps) if (!interrupted) await step();
    if (interrupted) await imagesBuilt;
  } catch (error) {
    log(`stopped: ${error instanceof Error ? error.message : String(error)}`);
    results.push({ name: 'runner', counts: { passed: 0, failed: 1 } });
  } finally {
    await Promise.all(infrastructure.map((p) => p.stop()));
    lock.release();
  }
  if (interrupted) results.push({ name: 'interrupted', counts: { passed: 0, failed: 1 } });
  return printSummary().failed === 0 ? 0 : 1;
}
