/**
 * The runner's view of its processes, kept in a small JSON file in the profile's data folder:
 * the gateway reads it for /api/health (RUNNER_STATUS_FILE, see docs/adr/0017-supervision.md) and
 * the system tests find each process's current pid there. Written whole and renamed into place,
 * so a reader never sees half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Profile } from '../ports';

/**
 * - running: started (or restarted) and not ended since
 * - restarting: ended on its own; the runner starts it again after the backoff delay
 * - given-up: crashed too often within the crash window; the runner no longer restarts it
 * - stopped: ended because the stack is stopping
 */
export type ProcessState = 'running' | 'restarting' | 'given-up' | 'stopped';

export interface ProcessStatus {
  state: ProcessState;
  /** The OS process id while running, else null. */
  pid: number | null;
  /** How many times the runner has restarted it since the stack started. */
  restarts: number;
}

export interface RunnerStatus {
  /** The runner's own pid: a reader can tell a file left by a runner that is gone. */
  runnerPid: number;
  processes: Record<string, ProcessStatus>;
}

export const runnerStatusFile = (profile: Pick<Profile, 'dataDir'>) =>
  path.join(profile.dataDir, 'runner-status.json');

export function writeRunnerStatus(file: string, status: RunnerStatus): void {
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(status, null, 2)}\n`);
  fs.renameSync(partial, file);
}

export function readRunnerStatus(file: string): RunnerStatus {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as RunnerStatus;
}
