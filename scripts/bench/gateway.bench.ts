/**
 * `npm run bench` part for the gateway (issue 2), run by scripts/bench.ts against the test-profile
 * product. It reports and never fails:
 *  1. an authenticated GET that reads a small MongoDB document (auth's GET /api/auth/me), served
 *     by the service directly and through the gateway in one run, in alternating rounds so that a
 *     change of machine load hits both alike: requests/s, p50/p99, the ratio and the p99 the gateway
 *     adds; the CPU time the gateway and auth spend per request; the RSS of every process at its
 *     peak while idle (before the load), under the load, and idle again after it; then the same
 *     two targets at a fixed rate the machine sustains (BENCH_FIXED_RATE requests/s, default 200,
 *     over 10 connections), where the p99 the gateway adds is its own work rather than queueing
 *     behind a saturated CPU;
 *  2. the HTTP adapter choice: a minimal Nest app reading a small document on Fastify and on
 *     Express (docs/adr/0003-http-adapter.md).
 * BENCH_DURATION_S (default 10, per round and target), BENCH_ROUNDS (default 2) and
 * BENCH_CONNECTIONS (default 32) tune the load; BENCH_IDLE_S (default 5) the idle windows.
 * The figures are recorded in docs/benchmarks-log.md ("Foundation").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { registerBenchStudent } from './bench-account';
import { loadFigures, type LoadFigures } from './latency';
import { cpuMs, rssMb } from './proc-stats';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 5);
const FIXED_RATE = Number(process.env.BENCH_FIXED_RATE ?? 200);
const FIXED_RATE_CONNECTIONS = 10;
const WARM_UP_S = 2;
/** Pause before an idle window, so that the last requests' work is over. */
const SETTLE_S = 3;
const TARGET_RATIO = 0.75;
const TARGET_ADDED_P99_MS = 3;
const TARGET_IDLE_RSS_MB = 150;

const print = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

interface Figures extends LoadFigures {
  requests: number;
}

async function measure(
  url: string,
  headers: Record<string, string> = {},
  durationS = DURATION_S,
  rate?: number,
): Promise<Figures> {
  const options = rate
    ? { url, headers, connections: FIXED_RATE_CONNECTIONS, overallRate: rate }
    : { url, headers, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: durationS });
  return { ...loadFigures(result), requests: result.requests.total };
}

/** The rounds of one target taken together: mean throughput and latencies, summed counts. */
function combined(rounds: readonly Figures[]): Figures {
  const mean = (pick: (f: Figures) => number) =>
    rounds.reduce((sum, f) => sum + pick(f), 0) / rounds.length;
  return {
    requestsPerSecond: mean((f) => f.requestsPerSecond),
    p50: mean((f) => f.p50),
    p99: mean((f) => f.p99),
    failed: rounds.reduce((sum, f) => sum + f.failed, 0),
    requests: rounds.reduce((sum, f) => sum + f.requests, 0),
  };
}

/** The flags a Node process was started with, for the report (none for other programs). */
function nodeFlags(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    if (path.basename(argv[0] ?? '') !== 'node') return '';
    return argv.filter((arg) => arg.startsWith('--')).join(' ');
  } catch {
    return '';
  }
}

/** Samples the RSS of the given processes every 100 ms and keeps each one's peak. */
function rssPeaks(pids: Record<string, number>) {
  const peaks: Record<string, number> = {};
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const rss = rssMb(pid);
      if (rss !== null) peaks[name] = Math.max(peaks[name] ?? 0, rss);
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}

/** Peak RSS of every process over an idle window of IDLE_S seconds, after SETTLE_S seconds. */
async function idlePeaks(pids: Record<string, number>): Promise<Record<string, number>> {
  await sleep(SETTLE_S);
  const sampler = rssPeaks(pids);
  await sleep(IDLE_S);
  return sampler.stop();
}

/** CPU ms each named process spends while `run` runs. */
async function cpuDuring<T>(
  pids: Record<string, number>,
  run: () => Promise<T>,
): Promise<{ result: T; cpu: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([n, pid]) => [n, cpuMs(pid)]));
  const result = await run();
  const cpu: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    const start = before[name];
    const end = cpuMs(pid);
    if (start != null && end !== null) cpu[name] = end - start;
  }
  return { result, cpu };
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const row = (name: string, f: Figures) =>
  `  ${name.padEnd(26)} ${fixed(f.requestsPerSecond, 0).padStart(8)} req/s   p50 ${fixed(f.p50)} ms   p99 ${fixed(f.p99)} ms${f.failed ? `   (${f.failed} failed)` : ''}`;

async function serviceThroughGateway(): Promise<void> {
  print('Gateway overhead: GET /api/auth/me (authenticated, reads the user from MongoDB)');
  const gatewayUrl = process.env.BENCH_GATEWAY_URL;
  const urls = JSON.parse(process.env.BENCH_URLS ?? '{}') as Record<string, string>;
  const pids = JSON.parse(process.env.BENCH_PIDS ?? '{}') as Record<string, number>;
  if (!gatewayUrl || !urls.auth) {
    print('  skipped: run it through `npm run bench`, which starts the product');
    return;
  }
  const token = await registerBenchStudent(gatewayUrl);
  const headers = { authorization: `Bearer ${token}` };
  const targets = { direct: `${urls.auth}/api/auth/me`, gateway: `${gatewayUrl}/api/auth/me` };
  const watched = Object.fromEntries(
    (['gateway', 'auth', 'ferretdb'] as const).flatMap((name) =>
      pids[name] === undefined ? [] : [[name, pids[name]]],
    ),
  );

  const idle = await idlePeaks(pids);
  const sampler = rssPeaks(pids);
  const rounds: Record<'direct' | 'gateway', Figures[]> = { direct: [], gateway: [] };
  const cpu: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 === 0 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const);
    for (const target of order) {
      const measured = await cpuDuring(watched, () => measure(targets[target], headers));
      rounds[target].push(measured.result);
      if (target === 'gateway') {
        for (const [name, ms] of Object.entries(measured.cpu)) cpu[name] = (cpu[name] ?? 0) + ms;
      }
    }
  }
  const peaks = sampler.stop();
  const after = await idlePeaks(pids);

  const direct = combined(rounds.direct);
  const through = combined(rounds.gateway);
  const ratio = through.requestsPerSecond / direct.requestsPerSecond;
  const addedP99 = through.p99 - direct.p99;
  print(
    `  ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S} s per target after ${WARM_UP_S} s of warm-up each`,
  );
  print(row('auth directly', direct));
  print(row('through the gateway', through));
  print(
    `  ratio ${fixed(ratio)} (target >= ${TARGET_RATIO}: ${verdict(ratio >= TARGET_RATIO)})` +
      `   p99 added ${fixed(addedP99)} ms (target <= ${TARGET_ADDED_P99_MS}: ${verdict(addedP99 <= TARGET_ADDED_P99_MS)})`,
  );
  const atRate: Record<'direct' | 'gateway', Figures[]> = { direct: [], gateway: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 === 0 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const);
    for (const target of order) {
      atRate[target].push(await measure(targets[target], headers, DURATION_S, FIXED_RATE));
    }
  }
  const directAtRate = combined(atRate.direct);
  const throughAtRate = combined(atRate.gateway);
  const addedAtRate = throughAtRate.p99 - directAtRate.p99;
  print(`  at ${FIXED_RATE} requests/s (${FIXED_RATE_CONNECTIONS} connections), same rounds`);
  print(row('auth directly', directAtRate));
  print(row('through the gateway', throughAtRate));
  print(
    `  p99 added ${fixed(addedAtRate)} ms (target <= ${TARGET_ADDED_P99_MS}: ${verdict(addedAtRate <= TARGET_ADDED_P99_MS)})`,
  );
  const perRequest = Object.entries(cpu)
    .map(([name, ms]) => `${name} ${fixed(ms / Math.max(through.requests, 1), 3)}`)
    .join(', ');
  if (perRequest) print(`  CPU ms per request through the gateway: ${perRequest}`);
  print(
    `  RSS (MB), peak over ${IDLE_S} s idle before, under the load, ${IDLE_S} s idle after (target idle < ${TARGET_IDLE_RSS_MB})`,
  );
  print(
    `  ${'process'.padEnd(12)} ${'idle'.padStart(6)} ${'load'.padStart(6)} ${'after'.padStart(6)}   flags`,
  );
  const mb = (value: number | undefined) =>
    (value === undefined ? '-' : fixed(value, 0)).padStart(6);
  for (const [name, pid] of Object.entries(pids)) {
    const over = (idle[name] ?? 0) >= TARGET_IDLE_RSS_MB ? '  (over the target idle)' : '';
    print(
      `  ${name.padEnd(12)} ${mb(idle[name])} ${mb(peaks[name])} ${mb(after[name])}   ${nodeFlags(pid)}${over}`,
    );
  }
}

/** Starts the adapter fixture and resolves with its port and document id once it listens. */
function startAdapterApp(
  adapter: 'fastify' | 'express',
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'fixtures', 'adapter-app.ts'), adapter],
    {
      cwd: path.resolve(__dirname, '..', '..'),
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${adapter} app did not start in 30 s`)),
      30_000,
    );
    child.once('exit', (code) => reject(new Error(`${adapter} app exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const [word, port, id] = line.split(' ');
      if (word !== 'listening') return;
      clearTimeout(timer);
      resolve({ child, url: `http://127.0.0.1:${port}/probe/${id}` });
    });
  });
}

async function adapters(): Promise<void> {
  print('HTTP adapter: minimal Nest app, GET reading one small MongoDB document (and without it)');
  const withDb: Partial<Record<'fastify' | 'express', Figures>> = {};
  for (const adapter of ['fastify', 'express'] as const) {
    const { child, url } = await startAdapterApp(adapter);
    try {
      withDb[adapter] = await measure(url);
      print(row(`${adapter}, MongoDB read`, withDb[adapter]));
      print(row(`${adapter}, no database`, await measure(url.replace(/\/[^/]+$/, ''))));
    } finally {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    }
  }
  if (withDb.fastify && withDb.express) {
    const ratio = withDb.fastify.requestsPerSecond / withDb.express.requestsPerSecond;
    print(`  fastify / express throughput with the MongoDB read: ${fixed(ratio)}`);
  }
}

async function main(): Promise<void> {
  for (const part of [serviceThroughGateway, adapters]) {
    try {
      await part();
    } catch (error) {
      print(`  could not measure: ${error instanceof Error ? error.message : String(error)}`);
    }
    print();
  }
}

void main().then(() => process.exit(0));
