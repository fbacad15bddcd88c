/**
 * The cluster's network namespace, made by this code and bind-mounted on a file in the cluster's
 * folder (not /run/netns, so `ip netns` is never involved). The node's address sits on a veth pair
 * whose two ends both stay inside: the namespace has no link to the host, so nothing the cluster
 * sends can leave it, and the host's interfaces get no address.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { NETWORK, type ClusterLayout } from './layout';

const NODE_LINK = 'node0';
const PEER_LINK = 'node0-peer';

const run = (argv: string[]) => execFileSync(argv[0], argv.slice(1), { stdio: 'pipe' });

/** argv that runs a program in the namespace (and the host's mount namespace). */
export const inNetns = (layout: ClusterLayout, argv: string[]): string[] => [
  'nsenter',
  `--net=${layout.netns}`,
  '--',
  ...argv,
];

/** The mount of the namespace's file, if it is mounted. */
export function isNetnsMounted(layout: ClusterLayout): boolean {
  return fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === layout.netns);
}

/** The namespace's inode (as /proc/<pid>/ns/net links name it: `net:[N]`), or null. */
export function netnsInode(layout: ClusterLayout): number | null {
  return isNetnsMounted(layout) ? fs.statSync(layout.netns).ino : null;
}

export function createNetns(layout: ClusterLayout): void {
  fs.mkdirSync(layout.state, { recursive: true });
  fs.writeFileSync(layout.netns, '');
  run(['unshare', `--net=${layout.netns}`, 'true']);
  const ip = (...args: string[]) => run(inNetns(layout, ['ip', ...args]));
  ip('link', 'set', 'lo', 'up');
  ip('link', 'add', NODE_LINK, 'type', 'veth', 'peer', 'name', PEER_LINK);
  ip('addr', 'add', `${NETWORK.nodeIp}/${NETWORK.nodePrefix}`, 'dev', NODE_LINK);
  ip('link', 'set', NODE_LINK, 'up');
  ip('link', 'set', PEER_LINK, 'up');
  // Without a default route, a connection to a ClusterIP fails (unreachable) before kube-proxy's
  // rules can rewrite it; kubelet and kube-proxy also take the node's address from it.
  ip('route', 'add', 'default', 'dev', NODE_LINK, 'src', NETWORK.nodeIp);
  const sysctl = (key: string, value: string) =>
    run(inNetns(layout, ['sysctl', '-q', '-w', `${key}=${value}`]));
  sysctl('net.ipv4.ip_forward', '1');
  // Pod to ClusterIP on the same bridge goes through kube-proxy's rules only with this.
  sysctl('net.bridge.bridge-nf-call-iptables', '1');
}

export function removeNetns(layout: ClusterLayout): void {
  if (isNetnsMounted(layout)) run(['umount', layout.netns]);
  fs.rmSync(layout.netns, { force: true });
}
