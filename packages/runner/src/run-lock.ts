/**
 * One run of a profile at a time: a lock file holding the owner's pid. A lock whose process is gone
 * (a crash, a kill -9) is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export class AlreadyRunningError extends Error {
  constructor(readonly pid: number) {
    super(`already running (pid ${pid})`);
  }
}

/** Whether a process with this id exists (signal 0 checks without signalling; EPERM: another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface RunLock {
  release(): void;
}

/** Takes the lock or throws AlreadyRunningError naming the live owner. */
export function acquireRunLock(file: string, pid: number = process.pid): RunLock {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      return {
        release: () => {
          if (ownerOf(file) === pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(file);
      if (owner !== null && owner !== pid && isAlive(owner)) throw new AlreadyRunningError(owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
