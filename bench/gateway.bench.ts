/**
 * `npm run bench` part for the gateway (issue 2), run by scripts/bench.ts against the test-profile
 * product. It reports and never fails:
 *  1. an authenticated GET that reads a small MongoDB document (auth's GET /api/auth/me), served
 *     by the service directly and through the gateway in one run: requests/s, p50/p99, the ratio
 *     and the p99 the gateway adds; RSS of every process idle and at its peak under that load;
 *  2. the HTTP adapter choice: a minimal Nest app reading a small document on Fastify and on
 *     Express (docs/adr/0003-http-adapter.md).
 * BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS (default 32) tune the load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARM_UP_S = 2;
const TARGET_RATIO = 0.75;
const TARGET_ADDED_P99_MS = 3;
const TARGET_IDLE_RSS_MB = 150;

const print = (line = '') => process.stdout.write(`${line}\n`);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const options = { url, headers, connections: CONNECTIONS };
  await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Resident memory of a process in MB, from /proc (Linux), or null once it is gone. */
function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the RSS of the given processes every 100 ms and keeps each one's peak. */
function rssPeaks(pids: Record<string, number>) {
  const peaks: Record<string, number> = {};
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) {
      const rss = rssMb(pid);
      if (rss !== null) peaks[name] = Math.max(peaks[name] ?? 0, rss);
    }
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peaks;
    },
  };
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const row = (name: string, f: Figures) =>
  `  ${name.padEnd(26)} ${fixed(f.requestsPerSecond, 0).padStart(8)} req/s   p50 ${fixed(f.p50)} ms   p99 ${fixed(f.p99)} ms${f.failed ? `   (${f.failed} failed)` : ''}`;

async function signUp(gatewayUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Student',
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      password: 'Bench-Passw0rd!',
    }),
  });
  if (!response.ok) {
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}

async function serviceThroughGateway(): Promise<void> {
  print('Gateway overhead: GET /api/auth/me (authenticated, reads the user from MongoDB)');
  const gatewayUrl = process.env.BENCH_GATEWAY_URL;
  const urls = JSON.parse(process.env.BENCH_URLS ?? '{}') as Record<string, string>;
  const pids = JSON.parse(process.env.BENCH_PIDS ?? '{}') as Record<string, number>;
  if (!gatewayUrl || !urls.auth) {
    print('  skipped: run it through `npm run bench`, which starts the product');
    return;
  }
  const token = await signUp(gatewayUrl);
  const headers = { authorization: `Bearer ${token}` };

  const idle: Record<string, number | null> = {};
  for (const [name, pid] of Object.entries(pids)) idle[name] = rssMb(pid);

  const sampler = rssPeaks(pids);
  const direct = await measure(`${urls.auth}/api/auth/me`, headers);
  const through = await measure(`${gatewayUrl}/api/auth/me`, headers);
  const peaks = sampler.stop();

  const ratio = through.requestsPerSecond / direct.requestsPerSecond;
  const addedP99 = through.p99 - direct.p99;
  print(`  ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARM_UP_S} s of warm-up`);
  print(row('auth directly', direct));
  print(row('through the gateway', through));
  print(
    `  ratio ${fixed(ratio)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})` +
      `   p99 added ${fixed(addedP99)} ms (target <= ${TARGET_ADDED_P99_MS}: ${addedP99 <= TARGET_ADDED_P99_MS ? 'met' : 'NOT met'})`,
  );
  print('  RSS (MB)                idle    peak under load');
  for (const name of Object.keys(pids)) {
    const idleMb = idle[name];
    const note =
      idleMb !== null && idleMb !== undefined && idleMb > TARGET_IDLE_RSS_MB
        ? '  (over 150 MB idle)'
        : '';
    print(
      `  ${name.padEnd(26)} ${idleMb == null ? '   -' : fixed(idleMb, 0).padStart(5)}   ${peaks[name] === undefined ? '-' : fixed(peaks[name], 0).padStart(5)}${note}`,
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
    { cwd: path.resolve(__dirname, '..'), env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
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
