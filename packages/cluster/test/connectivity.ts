/**
 * Whether one pod can open a TCP connection to an address, asked from inside the pod: `kubectl
 * exec` runs Node (every image of the product and the cluster's Mailpit image have it) with a
 * net.connect that gives up after a few seconds. Used to see the network policies hold
 * (network-policies.ts).
 */
import type { Cluster } from '../src/cluster';

const CONNECT_TIMEOUT_MS = 3000;

const probe = `
const socket = require('node:net').connect({ host: process.argv[1], port: Number(process.argv[2]) });
socket.setTimeout(${CONNECT_TIMEOUT_MS}, () => { console.log('no answer'); process.exit(0); });
socket.on('connect', () => { console.log('open'); process.exit(0); });
socket.on('error', (error) => { console.log(error.code || error.message); process.exit(0); });
`;

/** 'open', or why not ('no answer', 'ECONNREFUSED', ...), for `from` (e.g. deployment/x). */
export function connectFrom(
  cluster: Cluster,
  namespace: string,
  from: string,
  host: string,
  port: number,
): string {
  const result = cluster.kubectl([
    'exec',
    '-n',
    namespace,
    from,
    '--',
    'node',
    '-e',
    probe,
    host,
    String(port),
  ]);
  if (result.status !== 0) throw new Error(`kubectl exec ${from} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}
