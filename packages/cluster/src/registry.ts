/**
 * The cluster's registry: the CNCF Distribution registry (a tool of GO_TOOLS) in node 0's network
 * namespace, on node 0's address, where every node's containerd pulls from it (plain HTTP, told
 * so by `certs.d/<address>/hosts.toml`, node.ts) as a real cluster pulls from its registry. The
 * host reaches it through a relay (forward.ts) on a loopback port: helm reads the chart from there.
 * The release (packages/runner/src/release/) pushes the images and the chart to it. Its storage is in the
 * cluster's folder and goes with the cluster. See docs/adr/0032-releases-and-the-registry.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startDaemon } from './daemons';
import { readRelayPort, relayDaemons, startRelay } from './forward';
import { NETWORK, type ClusterLayout } from './layout';
import { inNetns } from './netns';

/** Where the nodes reach the registry: node 0's address (the workers' too, over the bridge). */
export const REGISTRY_ADDRESS = `${NETWORK.nodeIp}:5000`;

/** The repository path the release puts the product under, as on a real registry. */
export const REGISTRY_PREFIX = `${REGISTRY_ADDRESS}/mcat-logbook`;

export const REGISTRY_DAEMONS = ['registry', ...relayDaemons('registry')] as const;

const registryDir = (layout: ClusterLayout) => path.join(layout.dir, 'registry');

/** Distribution's configuration: filesystem storage in the cluster's folder, HTTP on node 0. */
export function registryConfig(layout: ClusterLayout): string {
  return `version: 0.1
log:
  level: warn
  accesslog:
    disabled: true
storage:
  filesystem:
    rootdirectory: ${JSON.stringify(path.join(registryDir(layout), 'data'))}
  delete:
    enabled: true
http:
  addr: ${REGISTRY_ADDRESS}
`;
}

/**
 * containerd's hosts.toml for the registry (under its `config_path`): plain HTTP, for pulls. A
 * real cluster's registry has a certificate; this one is reached on the nodes' own network only.
 */
export const registryHostsToml = (): string =>
  `server = "http://${REGISTRY_ADDRESS}"

[host."http://${REGISTRY_ADDRESS}"]
  capabilities = ["pull", "resolve"]
`;

/** Starts the registry in node 0's namespace, and its relay on a loopback port of the host. */
export async function startRegistry(
  layout: ClusterLayout,
  binary: string,
  port: number,
): Promise<void> {
  const config = path.join(registryDir(layout), 'config.yml');
  fs.mkdirSync(path.dirname(config), { recursive: true });
  fs.writeFileSync(config, registryConfig(layout));
  startDaemon(layout, 'registry', inNetns(layout, [binary, 'serve', config]), {
    ...process.env,
    // Its OpenTelemetry export would try an OTLP collector on localhost at every request.
    OTEL_TRACES_EXPORTER: 'none',
  });
  await startRelay(layout, 'registry', REGISTRY_ADDRESS, port);
}

/** The registry as the host reaches it, `127.0.0.1:<port>`; null if the cluster has none. */
export function registryOnHost(layout: ClusterLayout): string | null {
  const port = readRelayPort(layout, 'registry');
  return port === null ? null : `127.0.0.1:${port}`;
}

/**
 * True once the registry answers its API's base route (GET /v2/) through the relay; false after
 * 2 s without an answer (a request sent through the relay as the registry starts was seen to get
 * none, ever).
 */
export async function isRegistryReady(layout: ClusterLayout): Promise<boolean> {
  const host = registryOnHost(layout);
  if (host === null) return false;
  try {
    return (await fetch(`http://${host}/v2/`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
