/**
 * Where a cluster keeps everything, and its addresses. All of it lives in one folder
 * (`.data/cluster/` for `npm run cluster:up`, `.test-data/cluster` or a temporary one in the
 * tests): configuration, certificates, sockets, state, logs, each node's containerd and kubelet
 * data. See docs/adr/0015-one-node-cluster.md and docs/adr/0030-several-nodes.md.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * The cluster's addresses, all inside its own network namespaces (netns.ts), which have no link
 * out: nothing sent to them can leave them. The ranges are Kubernetes' usual ones (kubeadm's service range,
 * flannel's pod range), inside the 10.0.0.0/8 the chart's `config.trustedProxies` placeholder
 * names, and clear of this machine's own networks (192.0.2.0/24 and its resolver 10.255.255.53).
 */
export const NETWORK = {
  /** Node 0's address, on its link to the switch's bridge (the workers': 10.200.0.(10+N)). */
  nodeIp: '10.200.0.1',
  nodePrefix: 24,
  /** Node 0's pods' bridge (cni0) and host-local range. */
  podSubnet: '10.244.0.0/24',
  /** Node 0's cni0 address: its pods' gateway, and where the host's relays reach them from. */
  podGateway: '10.244.0.1',
  serviceRange: '10.96.0.0/24',
  /** The API server's ClusterIP (`kubernetes.default`), the range's first address. */
  firstServiceIp: '10.96.0.1',
  /** Named in the pods' resolv.conf: CoreDNS's Service, kube-dns (coredns.yaml). */
  dnsIp: '10.96.0.10',
  /** The API server's port inside the namespace. */
  apiPort: 6443,
  /** Every node's pod subnet: node 0's is 10.244.0.0/24, worker N's 10.244.N.0/24. */
  clusterCidr: '10.244.0.0/16',
} as const;

export const NODE_NAME = 'mcat-node';

/**
 * Who a node is on the network. Node 0 (`mcat-node`) shares the cluster's namespace with the
 * control plane; worker N (`mcat-worker-N`) has a namespace of its own, joined to node 0's by a
 * bridge there (netns.ts), with the address 10.200.0.(10+N) and the pod subnet 10.244.N.0/24.
 */
export interface NodeIdentity {
  name: string;
  ip: string;
  podSubnet: string;
  /** The node's cni0 address: its pods' gateway. */
  podGateway: string;
  /** Before each of the node's daemon names: '' for node 0, `mcat-worker-N-` for a worker. */
  daemonPrefix: string;
}

export const CONTROL_NODE: NodeIdentity = {
  name: NODE_NAME,
  ip: NETWORK.nodeIp,
  podSubnet: NETWORK.podSubnet,
  podGateway: NETWORK.podGateway,
  daemonPrefix: '',
};

export function workerIdentity(index: number): NodeIdentity {
  const name = `mcat-worker-${index}`;
  return {
    name,
    ip: `10.200.0.${10 + index}`,
    podSubnet: `10.244.${index}.0/24`,
    podGateway: `10.244.${index}.1`,
    daemonPrefix: `${name}-`,
  };
}

export interface ClusterLayout {
  dir: string;
  /** The node the node-specific fields below (netns to cni) belong to. */
  node: NodeIdentity;
  /** Names this cluster's cgroup tree, so two clusters on one machine never share one. */
  id: string;
  /** The cgroup every pod's cgroup sits under, in each hierarchy (kubelet's cgroupRoot). */
  cgroupRoot: string;
  /** The file the network namespace is bind-mounted on. */
  netns: string;
  /**
   * The namespace of the network between the nodes: a bridge that every node's link is a port
   * of, and nothing else (no address, no iptables), like the switch between machines.
   */
  switchNetns: string;
  state: string;
  pids: string;
  logs: string;
  pki: string;
  etcd: string;
  /** Bound over /run and /var in the node's private mount namespace. */
  nodeRun: string;
  nodeVar: string;
  containerd: string;
  containerdSocket: string;
  kubelet: string;
  cni: string;
  images: string;
  /** The admin's kubeconfig, for the forwarded API server on the host's loopback. */
  kubeconfig: string;
  /** kubectl's discovery cache (KUBECACHEDIR), never ~/.kube. */
  kubeCache: string;
  /** `export KUBECONFIG=... KUBECACHEDIR=...`, for a shell: `source <dir>/env`. */
  env: string;
}

export function clusterLayout(dir: string): ClusterLayout {
  const at = (...parts: string[]) => path.join(dir, ...parts);
  const id = `mcat-${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 10)}`;
  return {
    dir,
    node: CONTROL_NODE,
    id,
    cgroupRoot: `/${id}`,
    netns: at('state', 'netns'),
    switchNetns: at('state', 'netns-switch'),
    state: at('state'),
    pids: at('state', 'pids'),
    logs: at('logs'),
    pki: at('pki'),
    etcd: at('etcd'),
    nodeRun: at('node', 'run'),
    nodeVar: at('node', 'var'),
    containerd: at('containerd'),
    containerdSocket: at('containerd', 'containerd.sock'),
    kubelet: at('kubelet'),
    cni: at('cni'),
    images: at('images'),
    kubeconfig: at('kubeconfig'),
    kubeCache: at('kube-cache'),
    env: at('env'),
  };
}

/**
 * Worker N's view of the cluster: the same folder, state and certificates, and its own network
 * namespace, cgroup tree, containerd, kubelet and CNI folders under `workers/mcat-worker-N/`.
 * The node code (node.ts) takes either layout.
 */
export function workerLayout(layout: ClusterLayout, index: number): ClusterLayout {
  const node = workerIdentity(index);
  const at = (...parts: string[]) => path.join(layout.dir, 'workers', node.name, ...parts);
  return {
    ...layout,
    node,
    cgroupRoot: `${layout.cgroupRoot}-w${index}`,
    netns: path.join(layout.state, `netns-${node.name}`),
    nodeRun: at('node', 'run'),
    nodeVar: at('node', 'var'),
    containerd: at('containerd'),
    containerdSocket: at('containerd', 'containerd.sock'),
    kubelet: at('kubelet'),
    cni: at('cni'),
  };
}
