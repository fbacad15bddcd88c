/**
 * How to run the infrastructure processes of a profile: FerretDB (SQLite), NATS with JetStream and
 * Redis, each on the profile's loopback port with its data under the profile's folder.
 * The runner hands these specs to `concurrently`; tests start them directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Profile } from './ports';
import { ensureTool, type ToolName } from './tools';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  port: number;
}

/** The product's FerretDB build, or (`ferretdb-unindexed`) the one a test compares it with. */
export type FerretdbBuild = Extract<ToolName, 'ferretdb' | 'ferretdb-unindexed'>;

export function ferretdbSpec(
  p: { mongo: number; dataDir: string },
  build: FerretdbBuild = 'ferretdb',
): ProcessSpec {
  const dir = path.join(p.dataDir, 'ferretdb');
  fs.mkdirSync(dir, { recursive: true });
  return {
    name: 'ferretdb',
    command: ensureTool(build),
    args: [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--listen-addr=127.0.0.1:${p.mongo}`,
      `--state-dir=${dir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      '--log-level=error',
    ],
    port: p.mongo,
  };
}

export function natsSpec(p: { nats: number; dataDir: string }): ProcessSpec {
  const dir = path.join(p.dataDir, 'nats');
  fs.mkdirSync(dir, { recursive: true });
  return {
    name: 'nats',
    command: 'nats-server',
    args: ['-a', '127.0.0.1', '-p', String(p.nats), '-js', '-sd', dir],
    port: p.nats,
  };
}

export function redisSpec(p: { redis: number; dataDir: string }): ProcessSpec {
  const dir = path.join(p.dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  return {
    name: 'redis',
    command: 'redis-server',
    args: [
      '--bind',
      '127.0.0.1',
      '--port',
      String(p.redis),
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--protected-mode',
      'yes',
    ],
    port: p.redis,
  };
}

/** A loopback port nothing listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The infrastructure a profile runs itself. With `external: 'replace'` (the product's stack),
 * whatever MONGO_URL, NATS_URL or REDIS_URL point at is used instead of starting its own; with
 * `'ignore'` (jest's integration tests, which always talk to the profile's ports) all three run.
 */
export function infraSpecs(
  p: Profile,
  { external }: { external: 'replace' | 'ignore' } = { external: 'replace' },
): ProcessSpec[] {
  const replaced = (variable: string) => external === 'replace' && Boolean(process.env[variable]);
  const specs: ProcessSpec[] = [];
  if (!replaced('MONGO_URL')) specs.push(ferretdbSpec(p));
  if (!replaced('NATS_URL')) specs.push(natsSpec(p));
  if (!replaced('REDIS_URL')) specs.push(redisSpec(p));
  return specs;
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPortOpen(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Nothing answered on port ${port} within ${timeoutMs} ms`);
}

export interface RunningProcess {
  spec: ProcessSpec;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a process and resolves once its port answers. Output goes to `<logDir>/<name>.log`. */
export async function startProcess(spec: ProcessSpec, logDir: string): Promise<RunningProcess> {
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.openSync(path.join(logDir, `${spec.name}.log`), 'a');
  const child = spawn(spec.command, spec.args, {
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${spec.name} exited with code ${code}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForPort(spec.port), exited]);
  return {
    spec,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
