import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createConcurrently, type Command } from 'concurrently';
import type { RestartLimits } from './restart-policy';
import { readRunnerStatus } from './runner-status';
import { Supervisor } from './supervisor';

/** Short delays so the tests run in milliseconds; the shape is the runner's. */
const limits: RestartLimits = {
  firstDelayMs: 20,
  maxDelayMs: 80,
  maxCrashes: 3,
  windowMs: 60_000,
  stableAfterMs: 30_000,
};

interface Supervised {
  command: Command;
  supervisor: Supervisor;
  statusFile: string;
  log: () => string;
}

let running: Supervised[] = [];

/** One process under a supervisor, as startStack wires them once the stack is ready. */
function supervise(name: string, commandLine: string): Supervised {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supervisor-'));
  const statusFile = path.join(dir, 'runner-status.json');
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const { commands, result } = createConcurrently([{ name, command: commandLine }], {
    outputStream: new PassThrough(),
    controllers: [],
  });
  result.catch(() => undefined);
  const command = commands[0] as Command;
  const supervisor = new Supervisor([command], { output, statusFile, limits });
  command.close.subscribe((event) => supervisor.onExit(command, event));
  const supervised = { command, supervisor, statusFile, log: () => text };
  running.push(supervised);
  return supervised;
}

const statusOf = (s: Supervised, name: string) => readRunnerStatus(s.statusFile).processes[name];

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

afterEach(() => {
  for (const { supervisor, command } of running) {
    supervisor.stop();
    command.kill('SIGKILL');
  }
  running = [];
});

describe('the supervisor', () => {
  it('restarts a killed process, naming it, its signal and the restart number', async () => {
    const s = supervise('sleeper', 'exec sleep 30');
    const firstPid = s.command.pid;
    expect(statusOf(s, 'sleeper')).toEqual({ state: 'running', pid: firstPid, restarts: 0 });
    process.kill(firstPid as number, 'SIGKILL');
    await until(() => statusOf(s, 'sleeper')?.restarts === 1);
    expect(statusOf(s, 'sleeper')).toEqual({ state: 'running', pid: s.command.pid, restarts: 1 });
    expect(s.command.pid).not.toBe(firstPid);
    expect(s.log()).toContain('sleeper ended (signal SIGKILL); restart 1 in 0.02 s');
    expect(s.log()).toContain(`sleeper restarted (restart 1, pid ${s.command.pid})`);
  });

  it('gives up loudly on a process that keeps crashing, and leaves it down', async () => {
    const s = supervise('crasher', 'exit 3');
    await until(() => statusOf(s, 'crasher')?.state === 'given-up');
    expect(statusOf(s, 'crasher')).toEqual({ state: 'given-up', pid: null, restarts: 2 });
    expect(s.log()).toContain('crasher ended (exit 3); restart 1 in 0.02 s');
    expect(s.log()).toContain('crasher ended (exit 3); restart 2 in 0.04 s');
    expect(s.log()).toMatch(/!!! crasher ended \(exit 3\) and has crashed 3 times within 60 s/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.command.state).toBe('exited');
  });

  it('starts nothing once stopped, even with a restart pending', async () => {
    const s = supervise('crasher', 'exit 1');
    await until(() => statusOf(s, 'crasher')?.state === 'restarting');
    s.supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.command.state).toBe('exited');
    expect(statusOf(s, 'crasher')).toEqual({ state: 'stopped', pid: null, restarts: 0 });
  });
});
