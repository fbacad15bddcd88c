/**
 * The cluster's long-running processes outlive `cluster:up`: each runs detached, its output in
 * `<dir>/logs/<name>.log`, its id and start time in `<dir>/state/pids/<name>`, so `cluster:down`
 * finds it after a crash and never signals a process that merely reuses the id.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ClusterLayout } from './layout';

export interface DaemonRecord {
  name: string;
  pid: number;
  /** Field 22 of /proc/<pid>/stat: with the pid, names one process for the machine's uptime. */
  startTime: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const isZombie = (pid: number): boolean => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
};

export const isAlive = (record: DaemonRecord): boolean =>
  processStartTime(record.pid) === record.startTime && !isZombie(record.pid);

export function startDaemon(
  layout: ClusterLayout,
  name: string,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): DaemonRecord {
  fs.mkdirSync(layout.logs, { recursive: true });
  fs.mkdirSync(layout.pids, { recursive: true });
  const log = fs.openSync(path.join(layout.logs, `${name}.log`), 'a');
  const child = spawn(argv[0], argv.slice(1), {
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  child.unref();
  const pid = child.pid;
  const startTime = pid === undefined ? null : processStartTime(pid);
  if (pid === undefined || startTime === null) {
    throw new Error(`${name} did not start: ${argv.join(' ')}`);
  }
  const record = { name, pid, startTime };
  fs.writeFileSync(path.join(layout.pids, name), JSON.stringify(record));
  return record;
}

export function readDaemon(layout: ClusterLayout, name: string): DaemonRecord | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(layout.pids, name), 'utf8')) as DaemonRecord;
  } catch {
    return null;
  }
}

export function readDaemons(layout: ClusterLayout): DaemonRecord[] {
  if (!fs.existsSync(layout.pids)) return [];
  return fs
    .readdirSync(layout.pids)
    .map((name) => readDaemon(layout, name))
    .filter((record): record is DaemonRecord => record !== null);
}

/** Throws with the end of the daemon's log if it has exited. */
export function assertAlive(layout: ClusterLayout, record: DaemonRecord): void {
  if (isAlive(record)) return;
  const file = path.join(layout.logs, `${record.name}.log`);
  const output = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-3000) : '';
  throw new Error(`${record.name} exited:\n${output}`);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopProcess(record: DaemonRecord, graceMs = 5000): Promise<void> {
  if (!isAlive(record)) return;
  process.kill(record.pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (isAlive(record) && Date.now() < deadline) await sleep(50);
  if (isAlive(record)) process.kill(record.pid, 'SIGKILL');
  while (isAlive(record)) await sleep(20);
}

export async function stopDaemon(layout: ClusterLayout, name: string): Promise<void> {
  const record = readDaemon(layout, name);
  if (record) await stopProcess(record);
  fs.rmSync(path.join(layout.pids, name), { force: true });
}

export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  alive: () => void = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    alive();
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}
