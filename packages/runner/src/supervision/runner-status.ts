/**
 * The runner's view of its processes, kept in a small JSON file in the profile's data folder:
 * the gateway reads it for /api/health (RUNNER_STATUS_FILE, see docs/adr/0017-supervision.md) and
 * the system tests find each process's current pid there. Its format is a contract
 * (packages/contracts/src/schemas/runner-status.ts). Written whole and renamed into place, so a
 * reader never sees half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runnerStatusSchema, type RunnerStatus } from '@mcat/contracts';
import type { Profile } from '../ports';

export type { ProcessState, ProcessStatus, RunnerStatus } from '@mcat/contracts';

export const runnerStatusFile = (profile: Pick<Profile, 'dataDir'>) =>
  path.join(profile.dataDir, 'runner-status.json');

export function writeRunnerStatus(file: string, status: RunnerStatus): void {
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(status, null, 2)}\n`);
  fs.renameSync(partial, file);
}

export function readRunnerStatus(file: string): RunnerStatus {
  return runnerStatusSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}
