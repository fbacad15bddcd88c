/**
 * The event test service as a real OS process (event-test-service.process.ts), for what needs one:
 * signals, an exit code, logs read as an operator reads them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves once the process has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  /** Resolves once the process has printed this line (at once if it already has). */
  printed(line: string): Promise<void>;
  /** Every JSON log line it has printed so far (TEST_LOG_LEVEL set), parsed. */
  logLines<T = Record<string, unknown>>(): T[];
}

export interface ServiceProcessOptions {
  natsUrl: string;
  mongoUrl: string;
  shutdownGraceMs: number;
  /** More environment, e.g. TEST_LOG_LEVEL=debug for its logs on stdout. */
  env?: Record<string, string>;
}

/** Starts the event test service as its own process and waits until it listens. */
export function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(__dirname, 'ts-register.cjs'),
      path.join(__dirname, 'event-test-service.process.ts'),
    ],
    {
      env: {
        ...process.env,
        MONGO_URL: options.mongoUrl,
        NATS_URL: options.natsUrl,
        SHUTDOWN_GRACE_MS: String(options.shutdownGraceMs),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (line: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!stdout.split('\n').includes(line)) return false;
        child.stdout?.off('data', check);
        resolve();
        return true;
      };
      if (!check()) child.stdout?.on('data', check);
    });
  const logLines = <T>() =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as T);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      const ready = /^ready (\S+)$/m.exec(stdout);
      if (ready?.[1]) {
        resolve({
          child,
          baseUrl: ready[1],
          exited,
          stdout: () => stdout,
          stderr: () => stderr,
          printed,
          logLines,
        });
      }
    });
    void exited.then(({ code }) =>
      reject(new Error(`exited with ${code} before ready: ${stderr}`)),
    );
  });
}
