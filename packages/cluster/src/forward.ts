/**
 * Addresses inside the cluster's namespace on the host's loopback, without adding an address
 * anywhere or reaching into the namespace's addresses from the host: a socat in the namespace
 * serves the target on a unix socket in the cluster's folder, and a socat on the host listens on
 * 127.0.0.1:<port> and relays to that socket. Relays go to the API server (for kubectl, helm) and
 * to the release's Services (the gateway's, the web app's), whose ClusterIP kube-proxy balances
 * over the Ready pods, so a rolling update never breaks one the way `kubectl port-forward` (bound
 * to one pod) would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isApiServerReady } from '@mcat/runner/api-server';
import { freePort } from '@mcat/runner/infra';
import { pkiFile } from './certificates';
import { startDaemon, stopDaemon, waitFor } from './daemons';
import { NETWORK, type ClusterLayout } from './layout';
import { inNetns } from './netns';

/** The relays' daemons: `<relay>-socket` in the namespace, `<relay>-loopback` on the host. */
export const relayDaemons = (relay: string) => [`${relay}-socket`, `${relay}-loopback`] as const;

export const FORWARDERS = relayDaemons('api');

const portFile = (layout: ClusterLayout, relay: string) => path.join(layout.state, `${relay}-port`);

/** Relays 127.0.0.1:`port` on the host to `target` (host:port) inside the namespace. */
export async function startRelay(
  layout: ClusterLayout,
  relay: string,
  target: string,
  port: number,
): Promise<void> {
  const [inside, outside] = relayDaemons(relay);
  await stopDaemon(layout, outside);
  await stopDaemon(layout, inside);
  const socket = path.join(layout.state, `${relay}.sock`);
  fs.rmSync(socket, { force: true });
  startDaemon(
    layout,
    inside,
    inNetns(layout, ['socat', `UNIX-LISTEN:${socket},fork,mode=600`, `TCP:${target}`]),
  );
  startDaemon(layout, outside, [
    'socat',
    `TCP-LISTEN:${port},bind=127.0.0.1,fork,reuseaddr`,
    `UNIX-CONNECT:${socket}`,
  ]);
  fs.writeFileSync(portFile(layout, relay), `${port}\n`);
}

/**
 * Resolves once `url` answers 2xx: a relay just started listens a moment later, and an attempt
 * that hangs (the target not yet up behind the relay) is given up after 2 s.
 */
export async function waitForAnswer(what: string, url: string): Promise<void> {
  await waitFor(
    what,
    async () => {
      try {
        return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
      } catch {
        return false;
      }
    },
    60_000,
  );
}

/**
 * A NATS server's monitoring port (8222) at `podIp` on a free loopback port of the host (relay
 * `relay`, one per member watched); resolves with its URL once /healthz answers.
 */
export async function forwardNatsMonitor(
  layout: ClusterLayout,
  podIp: string,
  relay = 'nats-monitor',
): Promise<string> {
  const port = await freePort();
  await startRelay(layout, relay, `${podIp}:8222`, port);
  const monitor = `http://127.0.0.1:${port}`;
  await waitForAnswer('the NATS monitor through its relay', `${monitor}/healthz`);
  return monitor;
}

/** The host port a relay listens on, or null if it was never started. */
export function readRelayPort(layout: ClusterLayout, relay: string): number | null {
  try {
    return Number(fs.readFileSync(portFile(layout, relay), 'utf8').trim());
  } catch {
    return null;
  }
}

export const startApiForward = (layout: ClusterLayout, port: number): Promise<void> =>
  startRelay(layout, 'api', `127.0.0.1:${NETWORK.apiPort}`, port);

export const readApiPort = (layout: ClusterLayout): number | null => readRelayPort(layout, 'api');

export const apiUrl = (port: number) => `https://127.0.0.1:${port}`;

/** GET /readyz through the forward as the admin: true once it answers 200. */
export function isApiReady(layout: ClusterLayout, port: number): Promise<boolean> {
  return isApiServerReady(apiUrl(port), {
    ca: pkiFile(layout, 'ca.crt'),
    cert: pkiFile(layout, 'admin.crt'),
    key: pkiFile(layout, 'admin.key'),
  });
}
