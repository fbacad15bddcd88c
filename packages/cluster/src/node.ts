/**
 * The node: Debian's containerd (with runc and the CNI plugins) in a private mount namespace of
 * its own, joined to the cluster's network namespace, with the cluster's folders bound over /run
 * and /var so that containerd, runc, the CNI plugins, kubelet and kube-proxy write nothing outside
 * the cluster's folder. kubelet and kube-proxy enter containerd's mount and network namespaces
 * (`nsenter -t <containerd> -m -n`), so all three see the same mounts (pod volumes included).
 *
 * Not `ip netns exec` for containerd: it remounts /sys, which hides the cgroup mounts from runc
 * ("no cgroup mount found in mountinfo").
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KubeTool } from '@mcat/runner/tools';
import { kubeletClient, kubeletServing, pkiFile, writeKubeconfig } from './certificates';
import { inClusterServer } from './control-plane';
import { readDaemon, startDaemon } from './daemons';
import { NETWORK, type ClusterLayout } from './layout';
import { REGISTRY_ADDRESS, registryHostsToml } from './registry';

export const NODE_DAEMONS = ['containerd', 'kubelet', 'kube-proxy'] as const;

/** containerd's configuration (version 2, as containerd 1.6 reads it). */
export function containerdConfig(layout: ClusterLayout): string {
  const at = (name: string) => JSON.stringify(path.join(layout.containerd, name));
  const cri = '[plugins."io.containerd.grpc.v1.cri"';
  return `version = 2
root = ${at('root')}
state = ${at('state')}
disabled_plugins = ["io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.zfs", "io.containerd.tracing.processor.v1.otlp"]

[grpc]
  address = ${JSON.stringify(layout.containerdSocket)}

[ttrpc]
  address = ${JSON.stringify(`${layout.containerdSocket}.ttrpc`)}

[plugins."io.containerd.internal.v1.opt"]
  path = ${at('opt')}

${cri}]
  sandbox_image = "localhost/pause:1"
  restrict_oom_score_adj = true
  netns_mounts_under_state_dir = true
  disable_apparmor = true
  enable_selinux = false

${cri}.registry]
  config_path = ${at('certs.d')}

${cri}.cni]
  bin_dir = "/usr/lib/cni"
  conf_dir = ${JSON.stringify(path.join(layout.cni, 'net.d'))}

${cri}.containerd]
  default_runtime_name = "runc"

${cri}.containerd.runtimes.runc]
  runtime_type = "io.containerd.runc.v2"

${cri}.containerd.runtimes.runc.options]
  SystemdCgroup = false
`;
}

/** The pods' network: a bridge (cni0) with host-local addresses, then portmap. */
export function cniConflist(layout: ClusterLayout): string {
  return JSON.stringify(
    {
      cniVersion: '0.4.0',
      name: 'mcat',
      plugins: [
        {
          type: 'bridge',
          bridge: 'cni0',
          isGateway: true,
          ipMasq: false,
          hairpinMode: true,
          ipam: {
            type: 'host-local',
            ranges: [[{ subnet: layout.node.podSubnet, gateway: layout.node.podGateway }]],
            routes: [{ dst: '0.0.0.0/0' }],
            dataDir: path.join(layout.cni, 'ipam'),
          },
        },
        { type: 'portmap', capabilities: { portMappings: true } },
      ],
    },
    null,
    2,
  );
}

export function kubeletConfig(layout: ClusterLayout): string {
  const at = (...parts: string[]) => JSON.stringify(path.join(layout.kubelet, ...parts));
  return `apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: ${layout.node.ip}
port: 10250
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
authentication:
  anonymous: { enabled: false }
  webhook: { enabled: true }
  x509: { clientCAFile: ${JSON.stringify(pkiFile(layout, 'ca.crt'))} }
authorization:
  mode: Webhook
tlsCertFile: ${JSON.stringify(pkiFile(layout, `${kubeletServing(layout.node)}.crt`))}
tlsPrivateKeyFile: ${JSON.stringify(pkiFile(layout, `${kubeletServing(layout.node)}.key`))}
containerRuntimeEndpoint: unix://${layout.containerdSocket}
cgroupDriver: cgroupfs
cgroupRoot: ${layout.cgroupRoot}
failCgroupV1: false
failSwapOn: false
oomScoreAdj: 0
clusterDomain: cluster.local
clusterDNS: [${NETWORK.dnsIp}]
resolvConf: ${at('resolv.conf')}
podLogsDir: ${at('pod-logs')}
volumePluginDir: ${at('volume-plugins')}
evictionHard: { memory.available: 50Mi, nodefs.available: 1%, nodefs.inodesFree: 1%, imagefs.available: 1% }
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
serializeImagePulls: false
`;
}

export function kubeProxyConfig(layout: ClusterLayout): string {
  return `apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clientConnection:
  kubeconfig: ${JSON.stringify(path.join(layout.kubelet, 'kube-proxy.kubeconfig'))}
hostnameOverride: ${layout.node.name}
mode: iptables
clusterCIDR: ${NETWORK.clusterCidr}
bindAddress: ${layout.node.ip}
healthzBindAddress: 127.0.0.1:10256
metricsBindAddress: 127.0.0.1:10249
nodePortAddresses: [${layout.node.ip}/32]
conntrack:
  maxPerCore: 0
  min: 0
  tcpEstablishedTimeout: 0s
  tcpCloseWaitTimeout: 0s
iptables:
  localhostNodePorts: false
`;
}

export function writeNodeConfig(layout: ClusterLayout): void {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write(path.join(layout.containerd, 'config.toml'), containerdConfig(layout));
  write(
    path.join(layout.containerd, 'certs.d', REGISTRY_ADDRESS, 'hosts.toml'),
    registryHostsToml(),
  );
  write(path.join(layout.cni, 'net.d', '10-mcat.conflist'), cniConflist(layout));
  write(path.join(layout.kubelet, 'config.yaml'), kubeletConfig(layout));
  write(path.join(layout.kubelet, 'kube-proxy.yaml'), kubeProxyConfig(layout));
  write(path.join(layout.kubelet, 'resolv.conf'), `nameserver ${NETWORK.dnsIp}\n`);
  for (const folder of ['pod-logs', 'volume-plugins', 'root']) {
    fs.mkdirSync(path.join(layout.kubelet, folder), { recursive: true });
  }
  writeKubeconfig(
    layout,
    path.join(layout.kubelet, 'kubelet.kubeconfig'),
    kubeletClient(layout.node),
    inClusterServer,
  );
  writeKubeconfig(
    layout,
    path.join(layout.kubelet, 'kube-proxy.kubeconfig'),
    'kube-proxy',
    inClusterServer,
  );
  // What the node's mount namespace shows as /run and /var.
  fs.mkdirSync(layout.nodeRun, { recursive: true });
  for (const folder of ['lib', 'log', 'tmp']) {
    fs.mkdirSync(path.join(layout.nodeVar, folder), { recursive: true });
  }
  fs.chmodSync(path.join(layout.nodeVar, 'tmp'), 0o1777);
  if (!fs.existsSync(path.join(layout.nodeVar, 'run'))) {
    fs.symlinkSync('/run', path.join(layout.nodeVar, 'run'));
  }
}

/** A daemon of the node's: its record's name in the cluster's state. */
export const nodeDaemon = (
  layout: ClusterLayout,
  name: (typeof NODE_DAEMONS)[number] | 'kube-router',
) => `${layout.node.daemonPrefix}${name}`;

export function startContainerd(layout: ClusterLayout): void {
  startDaemon(layout, nodeDaemon(layout, 'containerd'), [
    ...['unshare', '--mount', '--propagation', 'private', '--'],
    ...['nsenter', `--net=${layout.netns}`, '--'],
    'sh',
    '-c',
    'mount --bind "$1" /run && mount --bind "$2" /var && exec containerd --config "$3"',
    'containerd',
    layout.nodeRun,
    layout.nodeVar,
    path.join(layout.containerd, 'config.toml'),
  ]);
}

/** argv that runs a program in containerd's mount and network namespaces. */
export function inNode(layout: ClusterLayout, argv: string[]): string[] {
  const containerd = readDaemon(layout, nodeDaemon(layout, 'containerd'));
  if (!containerd) throw new Error('containerd is not running');
  return ['nsenter', '-t', String(containerd.pid), '-m', '-n', '--', ...argv];
}

export function startKubelet(layout: ClusterLayout, tools: Record<KubeTool, string>): void {
  startDaemon(
    layout,
    nodeDaemon(layout, 'kubelet'),
    inNode(layout, [
      tools.kubelet,
      `--config=${path.join(layout.kubelet, 'config.yaml')}`,
      `--kubeconfig=${path.join(layout.kubelet, 'kubelet.kubeconfig')}`,
      `--root-dir=${path.join(layout.kubelet, 'root')}`,
      `--hostname-override=${layout.node.name}`,
      `--node-ip=${layout.node.ip}`,
      '--v=0',
    ]),
  );
}

export function startKubeProxy(layout: ClusterLayout, tools: Record<KubeTool, string>): void {
  startDaemon(
    layout,
    nodeDaemon(layout, 'kube-proxy'),
    inNode(layout, [
      tools['kube-proxy'],
      `--config=${path.join(layout.kubelet, 'kube-proxy.yaml')}`,
    ]),
  );
}
