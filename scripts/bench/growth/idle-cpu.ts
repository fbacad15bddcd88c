/**
 * Each process's CPU while nobody uses the product, as % of one core: its CPU time (/proc/<pid>/stat)
 * over IDLE_S seconds, after SETTLE_S seconds in which nothing was asked of it.
 */
import { cpuMs } from '../proc-stats';
import { IDLE_S, SETTLE_S } from './settings';

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Process name -> % of one core; a process gone meanwhile is left out. */
export async function idleCpu(pids: Record<string, number>): Promise<Record<string, number>> {
  await sleep(SETTLE_S);
  const before = Object.entries(pids).map(([name, pid]) => ({ name, pid, ms: cpuMs(pid) }));
  const started = performance.now();
  await sleep(IDLE_S);
  const elapsedMs = performance.now() - started;
  const percent: Record<string, number> = {};
  for (const { name, pid, ms } of before) {
    const after = cpuMs(pid);
    if (ms !== null && after !== null) percent[name] = ((after - ms) / elapsedMs) * 100;
  }
  return percent;
}
