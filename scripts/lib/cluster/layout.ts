/**
 * Where a one-node cluster keeps everything, and its addresses. All of it lives in one folder
 * (`.data/cluster/` for `npm run cluster:up`, a temporary one in the tests): configuration,
 * certificates, sockets, state, logs, containerd's and kubelet's data. See
 * docs/adr/0015-one-node-cluster.md.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/**
 * The cluster's addresses, all inside its own network namespace, which has no link out: nothing
 * sent to them can leave it. The ranges are Kubernetes' usual ones (kubeadm's service range,
 * flannel's pod range), inside the 10.0.0.0/8 the chart's `config.trustedProxies` placeholder
 * names, and clear of this machine's own networks (192.0.2.0/24 and its resolver 10.255.255.53).
 */
export const NETWORK = {
  /** The node's address, on a veth pair whose two ends both stay in the namespace. */
  nodeIp: '10.200.0.1',
  nodePrefix: 24,
  /** The pods' bridge (cni0) and host-local range: one node, so one /24. */
  podSubnet: '10.244.0.0/24',
  /** cni0's own address: the pods' gateway, and the address the host's relays reach pods from. */
  podGateway: '10.244.0.1',
  serviceRange: '10.96.0.0/24',
  /** The API server's ClusterIP (`kubernetes.default`), the range's first address. */
  firstServiceIp: '10.96.0.1',
  /** Named in the pods' resolv.conf; no DNS server runs yet, so names do not resolve. */
  dnsIp: '10.96.0.10',
  /** The API server's port inside the namespace. */
  apiPort: 6443,
} as const;

export const NODE_NAME = 'mcat-node';

export interface ClusterLayout {
  dir: string;
  /** Names this cluster's cgroup tree, so two clusters on one machine never share one. */
  id: string;
  /** The cgroup every pod's cgroup sits under, in each hierarchy (kubelet's cgroupRoot). */
  cgroupRoot: string;
  /** The file the network namespace is bind-mounted on. */
  netns: string;
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
    id,
    cgroupRoot: `/${id}`,
    netns: at('state', 'netns'),
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
