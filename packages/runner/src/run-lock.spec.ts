import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireRunLock, AlreadyRunningError } from './run-lock';

describe('run lock', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-lock-'));
    file = path.join(dir, 'start.lock');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second owner while the first process lives, naming its pid', () => {
    const lock = acquireRunLock(file);
    const otherPid = process.pid + 1;
    expect(() => acquireRunLock(file, otherPid)).toThrow(AlreadyRunningError);
    try {
      acquireRunLock(file, otherPid);
    } catch (error) {
      expect((error as AlreadyRunningError).pid).toBe(process.pid);
    }
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(file, `${gone.stdout.toString()}\n`);
    const lock = acquireRunLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
