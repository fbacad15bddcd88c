/**
 * A private NATS, Redis or FerretDB for a test that stops and restarts it, on a free port with
 * its own data folder, so the shared test infrastructure is never disturbed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type JetStreamManager } from 'nats';
import {
  ferretdbSpec,
  freePort,
  natsSpec,
  redisSpec,
  startProcess,
  type FerretdbBuild,
  type ProcessSpec,
  type RunningProcess,
} from '@mcat/runner/infra';

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

export interface PrivateNatsCluster {
  /** The first server's URL; a client learns the others from it. */
  url: string;
  /** Every server's URL. */
  urls: string[];
  dispose(): Promise<void>;
}

/**
 * A JetStream cluster of `size` NATS servers on loopback (free client and route ports chosen now,
 * a store folder each), for a test of what a single server cannot hold: streams with more than one
 * replica. Resolves once the cluster accepts a stream with `size` replicas.
 *
 * `clientAdvertise[i]` (host:port) is the address server i gives clients for itself instead of its
 * own port, e.g. a relay in front of it, so that a client knows it by no other address.
 */
export async function privateNatsCluster(
  size = 3,
  { clientAdvertise = [] }: { clientAdvertise?: Array<string | undefined> } = {},
): Promise<PrivateNatsCluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-nats-cluster-'));
  const clientPorts: number[] = [];
  const routePorts: number[] = [];
  for (let i = 0; i < size; i += 1) {
    clientPorts.push(await freePort());
    routePorts.push(await freePort());
  }
  const routes = routePorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
  const running: RunningProcess[] = [];
  const dispose = async () => {
    await Promise.all(running.map((server) => server.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < size; i += 1) {
      const store = path.join(dataDir, `nats-${i + 1}`);
      fs.mkdirSync(store, { recursive: true });
      running.push(
        await startProcess(
          {
            name: `nats-${i + 1}`,
            command: 'nats-server',
            args: [
              ...['-a', '127.0.0.1', '-p', String(clientPorts[i]), '-js', '-sd', store],
              ...['--server_name', `nats-${i + 1}`, '--cluster_name', 'mcat-test'],
              ...['--cluster', `nats://127.0.0.1:${routePorts[i]}`, '--routes', routes],
              ...(clientAdvertise[i] ? ['--client_advertise', clientAdvertise[i]!] : []),
            ],
            port: clientPorts[i]!,
          },
          dataDir,
        ),
      );
    }
    const urls = clientPorts.map((port) => `nats://127.0.0.1:${port}`);
    await untilStreamsOfReplicas(urls, size);
    return { url: urls[0]!, urls, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Waits until a meta leader is elected and every server is a peer: a probe stream of `size` replicas is accepted. */
async function untilStreamsOfReplicas(urls: string[], size: number, timeoutMs = 30_000) {
  const nc = await connect({ servers: urls });
  try {
    const jsm = await nc.jetstreamManager({ checkAPI: false });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await jsm.streams.add({
          name: 'CLUSTER_PROBE',
          subjects: ['cluster-probe'],
          num_replicas: size,
        });
        await jsm.streams.delete('CLUSTER_PROBE');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await nc.close();
  }
}

/**
 * Waits until each named stream has a leader and every replica has caught up with it, as after an
 * operator changed its replicas (meanwhile a publish may find no leader and fail with 503).
 */
export async function untilStreamsSettled(
  jsm: JetStreamManager,
  names: readonly string[],
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const name of names) {
    for (;;) {
      const info = await jsm.streams.info(name).catch(() => null);
      const replicas = info?.cluster?.replicas ?? [];
      const settled =
        info !== null &&
        Boolean(info.cluster?.leader) &&
        replicas.length === (info.config.num_replicas || 1) - 1 &&
        replicas.every((replica) => replica.current && !replica.offline);
      if (settled) break;
      if (Date.now() > deadline)
        throw new Error(`Stream ${name} did not settle in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
