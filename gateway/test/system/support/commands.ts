/** Running a program of the repository as its own process, and what it printed. */
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '@mcat/test-support/stack';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program from the repository root and collects what it prints. */
export function runCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = argv;
    if (!command) throw new Error('No command');
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A program of the repository left running, stopped with a signal by the test. */
export interface RunningProgram {
  /** Sends the signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** What it printed on stderr so far (for failure messages). */
  stderr(): string;
}

export function startProgram(argv: string[], env: NodeJS.ProcessEnv): RunningProgram {
  const [command, ...args] = argv;
  if (!command) throw new Error('No command');
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    stderr: () => stderr,
  };
}
