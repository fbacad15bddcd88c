/**
 * NetworkPolicies enforced on the node. The bridge CNI plugin ignores them, so the node also runs
 * kube-router (v2.1.0, from the tools cache) as a network policy controller only: its firewall,
 * without its routing or service proxy. It turns each NetworkPolicy into iptables chains and
 * ipsets in the cluster's network namespace, where traffic between pods on the bridge passes
 * through iptables (bridge-nf-call-iptables, netns.ts). See docs/adr/0015-one-node-cluster.md,
 * "Network policies".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { writeKubeconfig } from './certificates';
import type { KubectlResult } from './cluster';
import { inClusterServer } from './control-plane';
import { startDaemon } from './daemons';
import { NETWORK, type ClusterLayout } from './layout';
import { inNode, nodeDaemon } from './node';

export const NETWORK_POLICY_DAEMONS = ['kube-router'] as const;

/** The chain kube-router makes once its firewall is in place. */
const FORWARD_CHAIN = 'KUBE-ROUTER-FORWARD';

/** Grants kube-router its reads (network-policy-rbac.yaml), then starts it on the layout's node. */
export function startNetworkPolicyController(
  layout: ClusterLayout,
  kubectl: (args: string[], input?: string) => KubectlResult,
  binary: string,
): void {
  const rbac = kubectl(['apply', '-f', path.join(__dirname, 'network-policy-rbac.yaml')]);
  if (rbac.status !== 0) throw new Error(`kube-router's RBAC was refused: ${rbac.stderr.trim()}`);
  const kubeconfig = path.join(layout.kubelet, 'kube-router.kubeconfig');
  writeKubeconfig(layout, kubeconfig, 'kube-router', inClusterServer);
  fs.mkdirSync(path.join(layout.nodeVar, 'lib', 'kube-router'), { recursive: true });
  startDaemon(
    layout,
    nodeDaemon(layout, 'kube-router'),
    inNode(layout, [
      binary,
      '--run-firewall=true',
      '--run-router=false',
      '--run-service-proxy=false',
      '--enable-cni=false',
      '--enable-ipv4=true',
      '--enable-ipv6=false',
      `--kubeconfig=${kubeconfig}`,
      `--hostname-override=${layout.node.name}`,
      `--service-cluster-ip-range=${NETWORK.serviceRange}`,
      '--metrics-port=0',
      '--health-port=0',
      '--v=1',
    ]),
  );
}

/** True once kube-router's firewall chains exist in the node's iptables. */
export function isEnforcing(layout: ClusterLayout): boolean {
  const argv = inNode(layout, ['iptables', '-w', '-S', FORWARD_CHAIN]);
  return spawnSync(argv[0] as string, argv.slice(1), { stdio: 'ignore' }).status === 0;
}
