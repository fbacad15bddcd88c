/** Running a program of the repository as its own process, and what it printed. */
import { spawn } from 'node:child_process';
import { freePort } from '@mcat/test-support/private-infra';
import { REPO_ROOT } from '@mcat/test-support/stack';
import { pidListeningOn } from './listening-processes';

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
  /** Its process id. */
  readonly pid: number | undefined;
  /** Whether it has exited. */
  hasExited(): boolean;
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
    pid: child.pid,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
  };
}

/** A program listening on a loopback port of its own. */
export interface ListeningProgram extends RunningProgram {
  port: number;
  url: string;
}

/**
 * Starts a program on a free loopback port (the env is made for that port) and resolves once that
 * very process listens there. A port found free can be taken by another process before the
 * program binds it, and a port that answers may be that other process's: so this waits for the
 * program's own pid on the port, and starts it again on another port when it exits on EADDRINUSE.
 */
export async function startListening(
  argv: string[],
  envFor: (port: number) => NodeJS.ProcessEnv,
  { attempts = 3, timeoutMs = 30_000 }: { attempts?: number; timeoutMs?: number } = {},
): Promise<ListeningProgram> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const program = startProgram(argv, envFor(port));
    const deadline = Date.now() + timeoutMs;
    while (!program.hasExited() && pidListeningOn(port) !== program.pid) {
      if (Date.now() > deadline) {
        await program.stop('SIGKILL');
        throw new Error(
          `${argv.join(' ')} did not listen on port ${port} within ${timeoutMs} ms; it said: ${program.stderr()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!program.hasExited()) return { ...program, port, url: `http://127.0.0.1:${port}` };
    if (!program.stderr().includes('EADDRINUSE') || attempt >= attempts) {
      throw new Error(
        `${argv.join(' ')} exited before listening on port ${port}; it said: ${program.stderr()}`,
      );
    }
  }
}
