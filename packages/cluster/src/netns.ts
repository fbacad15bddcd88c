/**
 * The cluster's network namespaces, made by this code and bind-mounted on files in the cluster's
 * folder (not /run/netns, so `ip netns` is never involved): node 0's (shared with the control
 * plane), each worker's, and the switch's, which holds only a bridge (`nodes`) that every node's
 * veth pair ends on. The bridge sits in a namespace of its own because the nodes' namespaces send
 * bridged traffic through iptables (for the pods' bridge, cni0): a reply crossing a bridge in node
 * 0's namespace would meet kube-proxy's NAT a second time and be dropped. No namespace has a link
 * to the host, so nothing the cluster sends can leave it, and the host's interfaces get no
 * address. Pods reach the other nodes' pods by a route per node's pod subnet.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NETWORK, type ClusterLayout, type NodeIdentity } from './layout';

const NODE_LINK = 'node0';
/** The bridge in the switch's namespace that every node's link is a port of. */
const NODES_BRIDGE = 'nodes';
/** A node's port on the bridge (the node's side is node0 for node 0, eth0 for a worker). */
const switchPort = (node: NodeIdentity) =>
  node.daemonPrefix === '' ? 'port-0' : `port-${node.name.split('-').pop() ?? ''}`;

const run = (argv: string[]) => execFileSync(argv[0], argv.slice(1), { stdio: 'pipe' });

/** argv that runs a program in the namespace (and the host's mount namespace). */
export const inNetns = (layout: ClusterLayout, argv: string[]): string[] => [
  'nsenter',
  `--net=${layout.netns}`,
  '--',
  ...argv,
];

const inSwitch = (layout: ClusterLayout, argv: string[]): string[] => [
  'nsenter',
  `--net=${layout.switchNetns}`,
  '--',
  ...argv,
];

const isMounted = (file: string): boolean =>
  fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === file);

/** The mount of the namespace's file, if it is mounted. */
export function isNetnsMounted(layout: ClusterLayout): boolean {
  return isMounted(layout.netns);
}

/** The namespace's inode (as /proc/<pid>/ns/net links name it: `net:[N]`), or null. */
export function netnsInode(layout: ClusterLayout): number | null {
  return isNetnsMounted(layout) ? fs.statSync(layout.netns).ino : null;
}

function makeNamespace(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  run(['unshare', `--net=${file}`, 'true']);
  run(['nsenter', `--net=${file}`, '--', 'ip', 'link', 'set', 'lo', 'up']);
}

/** A veth pair from the switch's bridge to `node`'s namespace, named `link` there. */
function plugIn(layout: ClusterLayout, node: ClusterLayout, link: string): void {
  const port = switchPort(node.node);
  run(
    inSwitch(layout, [
      'ip',
      'link',
      'add',
      port,
      'type',
      'veth',
      'peer',
      'name',
      link,
      'netns',
      node.netns,
    ]),
  );
  run(inSwitch(layout, ['ip', 'link', 'set', port, 'master', NODES_BRIDGE]));
  run(inSwitch(layout, ['ip', 'link', 'set', port, 'up']));
  const ip = (...args: string[]) => run(inNetns(node, ['ip', ...args]));
  ip('addr', 'add', `${node.node.ip}/${NETWORK.nodePrefix}`, 'dev', link);
  ip('link', 'set', link, 'up');
}

function nodeSysctls(layout: ClusterLayout): void {
  const sysctl = (key: string, value: string) =>
    run(inNetns(layout, ['sysctl', '-q', '-w', `${key}=${value}`]));
  sysctl('net.ipv4.ip_forward', '1');
  // Pod to ClusterIP on the same bridge goes through kube-proxy's rules only with this.
  sysctl('net.bridge.bridge-nf-call-iptables', '1');
}

export function createNetns(layout: ClusterLayout): void {
  makeNamespace(layout.switchNetns);
  run(inSwitch(layout, ['ip', 'link', 'add', NODES_BRIDGE, 'type', 'bridge']));
  run(inSwitch(layout, ['ip', 'link', 'set', NODES_BRIDGE, 'up']));
  makeNamespace(layout.netns);
  plugIn(layout, layout, NODE_LINK);
  // Without a default route, a connection to a ClusterIP fails (unreachable) before kube-proxy's
  // rules can rewrite it; kubelet and kube-proxy also take the node's address from it.
  run(inNetns(layout, ['ip', 'route', 'add', 'default', 'dev', NODE_LINK, 'src', NETWORK.nodeIp]));
  nodeSysctls(layout);
}

/**
 * A worker's namespace, its eth0 joined to the cluster's bridge, its default route through node
 * 0 (the ClusterIP range has to be routable for kube-proxy's rules to apply).
 */
export function createWorkerNetns(cluster: ClusterLayout, worker: ClusterLayout): void {
  makeNamespace(worker.netns);
  plugIn(cluster, worker, 'eth0');
  run(
    inNetns(worker, [
      'ip',
      'route',
      'add',
      'default',
      'via',
      NETWORK.nodeIp,
      'src',
      worker.node.ip,
    ]),
  );
  nodeSysctls(worker);
}

/** In every node's namespace, a route to each other node's pod subnet through that node. */
export function routePodSubnets(nodes: readonly ClusterLayout[]): void {
  for (const from of nodes) {
    for (const to of nodes) {
      if (to.node.name === from.node.name) continue;
      run(inNetns(from, ['ip', 'route', 'replace', to.node.podSubnet, 'via', to.node.ip]));
    }
  }
}

/** Cuts a worker off the cluster (its bridge port down): the network half of losing a node. */
export function cutWorkerLink(cluster: ClusterLayout, worker: ClusterLayout): void {
  run(inSwitch(cluster, ['ip', 'link', 'set', switchPort(worker.node), 'down']));
}

function removeNamespace(file: string): void {
  if (isMounted(file)) run(['umount', file]);
  fs.rmSync(file, { force: true });
}

/** The node's namespace; for node 0, the switch's too. */
export function removeNetns(layout: ClusterLayout): void {
  removeNamespace(layout.netns);
  if (layout.node.daemonPrefix === '') {
    removeNamespace(layout.switchNetns);
  }
}
