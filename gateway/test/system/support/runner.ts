/**
 * The runner's view of the stack under test (its status file, @mcat/contracts' runnerStatusSchema,
 * kept by packages/runner/src/supervision/runner-status.ts): each process's current pid, state and
 * restart count. A pid changes when the runner restarts a process, so tests read it here rather
 * than remember the pids of the start.
 */
import {
  readRunnerStatus,
  type ProcessStatus,
  type RunnerStatus,
  isAlive,
} from '@mcat/test-support/stack';
import { systemEnv } from '@mcat/test-support/system/system-env';

/** The status the running runner keeps, or null with no runner (a stack started otherwise). */
export function runnerStatus(): RunnerStatus | null {
  try {
    const status = readRunnerStatus(systemEnv.runnerStatusFile);
    return isAlive(status.runnerPid) ? status : null;
  } catch {
    return null;
  }
}

export function processStatus(name: string): ProcessStatus {
  const status = runnerStatus()?.processes[name];
  if (!status) throw new Error(`The runner's status file has no ${name}.`);
  return status;
}
