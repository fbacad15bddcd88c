/**
 * A private NATS, Redis or FerretDB for a test that stops and restarts it, on a free port with
 * its own data folder, so the shared test infrastructure is never disturbed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ferretdbSpec,
  freePort,
  natsSpec,
  redisSpec,
  startProcess,
  type FerretdbBuild,
  type ProcessSpec,
  type RunningProcess,
} from '../../../scripts/lib/infra';

export { freePort };

export interface PrivateServer {
  url: string;
  port: number;
  /** Stops the process; its data stays, so start() brings it back with the same state. */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

async function privateServer(
  kind: 'nats' | 'redis' | 'ferretdb',
  url: (port: number) => string,
  build?: FerretdbBuild,
): Promise<PrivateServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mcat-${kind}-`));
  const spec: ProcessSpec =
    kind === 'nats'
      ? natsSpec({ nats: port, dataDir })
      : kind === 'redis'
        ? redisSpec({ redis: port, dataDir })
        : ferretdbSpec({ mongo: port, dataDir }, build);
  let running: RunningProcess | null = await startProcess(spec, dataDir);
  return {
    url: url(port),
    port,
    stop: async () => {
      await running?.stop();
      running = null;
    },
    start: async () => {
      running ??= await startProcess(spec, dataDir);
    },
    dispose: async () => {
      await running?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const privateNats = () => privateServer('nats', (p) => `nats://127.0.0.1:${p}`);
export const privateRedis = () => privateServer('redis', (p) => `redis://127.0.0.1:${p}`);
/** A FerretDB of the product's build, or of another (`ferretdb-unindexed`) to compare with. */
export const privateMongo = (build?: FerretdbBuild) =>
  privateServer('ferretdb', (p) => `mongodb://127.0.0.1:${p}`, build);
