/**
 * What Linux's /proc tells of a process the benches watch: its resident memory, its CPU time and
 * the program it runs.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** Resident memory of a process in MB, from /proc (Linux), or null once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux), or null. */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** The path of the program a process runs, from /proc (Linux), or null. */
export function executable(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}
