/**
 * `npm run bench`: starts the whole product with the `test` profile (so it never touches the data
 * of `npm start`), runs every `scripts/bench/*.bench.ts` against it and prints their figures. A bench that
 * fails is reported, never fatal: this command always exits 0 once the product started.
 *
 * Each bench file runs as its own process with, in its environment: BENCH_GATEWAY_URL, BENCH_URLS
 * (JSON: process name -> base URL), BENCH_PIDS (JSON: process name -> OS pid, for RSS and CPU
 * readings), BENCH_INFRA_PIDS (the same for FerretDB, NATS and Redis, when this run started them)
 * and the profile's MONGO_URL, NATS_URL, REDIS_URL. BENCH_ONLY=growth,gateway
 * runs only those files (`<name>.bench.ts`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll } from '@mcat/runner/build';
import type { RunningProcess } from '@mcat/runner/infra';
import { infraUrls, REPO_ROOT, TEST_PROFILE } from '@mcat/runner/ports';
import { acquireRunLock, AlreadyRunningError } from '@mcat/runner/run-lock';
import { startStack } from '@mcat/runner/stack';
import { logDir, startTestInfrastructure } from '@mcat/runner/test-infrastructure';

const profile = TEST_PROFILE;
const BENCH_DIR = path.join(REPO_ROOT, 'scripts', 'bench');
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);

/** The bench files to run: those BENCH_ONLY names (`gateway` for gateway.bench.ts), or all. */
function benchFiles(): string[] {
  if (!fs.existsSync(BENCH_DIR)) return [];
  const chosen = new Set(
    (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  return fs
    .readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => chosen.size === 0 || chosen.has(file.slice(0, -'.bench.ts'.length)))
    .sort()
    .map((file) => path.join(BENCH_DIR, file));
}

async function main(): Promise<number> {
  const files = benchFiles();
  if (files.length === 0) {
    log(
      `no scripts/bench/*.bench.ts files${process.env.BENCH_ONLY ? ` named in BENCH_ONLY` : ''}: nothing to measure`,
    );
    return 0;
  }
  let lock;
  try {
    lock = acquireRunLock(path.join(profile.dataDir, 'test.lock'));
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    process.stderr.write(`npm test or npm run bench is running (pid ${error.pid}); wait for it.\n`);
    return 1;
  }
  let infrastructure: RunningProcess[] = [];
  try {
    if (!buildAll(log)) return 1;
    infrastructure = await startTestInfrastructure(profile, log);
    fs.mkdirSync(logDir(profile), { recursive: true });
    const stackLog = path.join(logDir(profile), 'bench-stack.log');
    log(`starting the product on ${profile.gateway} (output in ${stackLog})`);
    const stack = await startStack(profile, {
      infrastructure: false,
      output: fs.createWriteStream(stackLog, { flags: 'a' }),
    });
    try {
      const urls: Record<string, string> = { gateway: stack.url };
      for (const [name, port] of Object.entries(profile.services)) {
        urls[name] = `http://127.0.0.1:${port}`;
      }
      const infraPids: Record<string, number> = {};
      for (const { spec, child } of infrastructure) {
        if (child.pid !== undefined) infraPids[spec.name] = child.pid;
      }
      for (const file of files) {
        log(`running ${path.relative(REPO_ROOT, file)}`);
        const result = spawnSync(process.execPath, ['--import', 'tsx', file], {
          cwd: REPO_ROOT,
          stdio: 'inherit',
          env: {
            ...process.env,
            ...infraUrls(profile),
            BENCH_GATEWAY_URL: stack.url,
            BENCH_URLS: JSON.stringify(urls),
            BENCH_PIDS: JSON.stringify(stack.pids),
            BENCH_INFRA_PIDS: JSON.stringify(infraPids),
          },
        });
        if (result.status !== 0)
          log(`${path.basename(file)} did not finish (exit ${result.status})`);
      }
    } finally {
      await stack.stop();
    }
    return 0;
  } catch (error) {
    log(`could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await Promise.all(infrastructure.map((p) => p.stop()));
    lock.release();
  }
}

void main().then((code) => process.exit(code));
