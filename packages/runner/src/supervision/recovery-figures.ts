/**
 * The recovery times the supervision system test measures (gateway/test/system/supervision.spec.ts:
 * each service killed with SIGKILL until it serves again), kept in the profile's
 * `reports/supervision.json` so that `npm run bench` reports them (scripts/bench/supervision.bench.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Profile } from '../ports';

export interface Recovery {
  process: string;
  /** From the SIGKILL to the first answer of the restarted process. */
  recoverySeconds: number;
  /** Requests to the other services while it was down, and how many of them failed. */
  otherPolls: number;
  otherFailures: number;
}

export interface RecoveryFigures {
  /** When the run that measured them ended (ISO 8601). */
  recordedAt: string;
  recoveries: Recovery[];
}

export const recoveryFiguresFile = (profile: Pick<Profile, 'dataDir'>) =>
  path.join(profile.dataDir, 'reports', 'supervision.json');

export function writeRecoveryFigures(profile: Pick<Profile, 'dataDir'>, recoveries: Recovery[]) {
  const file = recoveryFiguresFile(profile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const figures: RecoveryFigures = { recordedAt: new Date().toISOString(), recoveries };
  fs.writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}

export function readRecoveryFigures(profile: Pick<Profile, 'dataDir'>): RecoveryFigures | null {
  try {
    return JSON.parse(fs.readFileSync(recoveryFiguresFile(profile), 'utf8')) as RecoveryFigures;
  } catch {
    return null;
  }
}
