/**
 * The API server on the host's loopback: a socat in the namespace serves it on a unix socket in
 * the cluster's folder, and a socat on the host listens on 127.0.0.1:<port> and relays to that
 * socket. No address is added anywhere and nothing on the host reaches into the namespace's
 * addresses; kubectl, helm and `kubectl port-forward` on the host go through it.
 */
import fs from 'node:fs';
import { isApiServerReady } from '../api-server';
import { pkiFile } from './certificates';
import { startDaemon } from './daemons';
import { NETWORK, type ClusterLayout } from './layout';
import { inNetns } from './netns';

export const FORWARDERS = ['api-socket', 'api-loopback'] as const;

export function startApiForward(layout: ClusterLayout, port: number): void {
  fs.rmSync(layout.apiSocket, { force: true });
  startDaemon(
    layout,
    'api-socket',
    inNetns(layout, [
      'socat',
      `UNIX-LISTEN:${layout.apiSocket},fork,mode=600`,
      `TCP:127.0.0.1:${NETWORK.apiPort}`,
    ]),
  );
  startDaemon(layout, 'api-loopback', [
    'socat',
    `TCP-LISTEN:${port},bind=127.0.0.1,fork,reuseaddr`,
    `UNIX-CONNECT:${layout.apiSocket}`,
  ]);
  fs.writeFileSync(`${layout.state}/api-port`, `${port}\n`);
}

export const apiUrl = (port: number) => `https://127.0.0.1:${port}`;

export function readApiPort(layout: ClusterLayout): number | null {
  try {
    return Number(fs.readFileSync(`${layout.state}/api-port`, 'utf8').trim());
  } catch {
    return null;
  }
}

/** GET /readyz through the forward as the admin: true once it answers 200. */
export function isApiReady(layout: ClusterLayout, port: number): Promise<boolean> {
  return isApiServerReady(apiUrl(port), {
    ca: pkiFile(layout, 'ca.crt'),
    cert: pkiFile(layout, 'admin.crt'),
    key: pkiFile(layout, 'admin.key'),
  });
}
