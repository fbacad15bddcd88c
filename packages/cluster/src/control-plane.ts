/**
 * etcd, kube-apiserver, kube-controller-manager and kube-scheduler, each run in the cluster's
 * network namespace (`nsenter --net`), so their fixed ports (2379, 6443, 10257, 10259) are the
 * namespace's and never meet the host's or another cluster's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KubeTool } from '@mcat/runner/tools';
import { pkiFile, writeKubeconfig } from './certificates';
import { startDaemon } from './daemons';
import { NETWORK, type ClusterLayout } from './layout';
import { inNetns } from './netns';

export const CONTROL_PLANE = [
  'etcd',
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
] as const;

/** The API server as the components in the namespace reach it. */
export const inClusterServer = `https://${NETWORK.nodeIp}:${NETWORK.apiPort}`;

const certDir = (layout: ClusterLayout, name: string) =>
  path.join(layout.state, 'serving-certs', name);

/** etcd and kube-apiserver; the API server is ready a few seconds later. */
export function startApiServer(layout: ClusterLayout, tools: Record<KubeTool, string>): void {
  const etcd = 'http://127.0.0.1:2379';
  startDaemon(
    layout,
    'etcd',
    inNetns(layout, [
      'etcd',
      '--name=mcat',
      `--data-dir=${layout.etcd}`,
      `--listen-client-urls=${etcd}`,
      `--advertise-client-urls=${etcd}`,
      '--listen-peer-urls=http://127.0.0.1:2380',
      '--initial-advertise-peer-urls=http://127.0.0.1:2380',
      '--initial-cluster=mcat=http://127.0.0.1:2380',
      '--logger=zap',
      '--log-level=warn',
    ]),
  );
  startDaemon(
    layout,
    'kube-apiserver',
    inNetns(layout, [
      tools['kube-apiserver'],
      `--etcd-servers=${etcd}`,
      '--bind-address=0.0.0.0',
      `--advertise-address=${NETWORK.nodeIp}`,
      `--secure-port=${NETWORK.apiPort}`,
      `--cert-dir=${certDir(layout, 'kube-apiserver')}`,
      `--service-cluster-ip-range=${NETWORK.serviceRange}`,
      `--client-ca-file=${pkiFile(layout, 'ca.crt')}`,
      `--tls-cert-file=${pkiFile(layout, 'apiserver.crt')}`,
      `--tls-private-key-file=${pkiFile(layout, 'apiserver.key')}`,
      '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
      `--service-account-key-file=${pkiFile(layout, 'service-accounts.pub')}`,
      `--service-account-signing-key-file=${pkiFile(layout, 'service-accounts.key')}`,
      '--authorization-mode=Node,RBAC',
      '--enable-admission-plugins=NodeRestriction',
      '--allow-privileged=true',
      `--kubelet-certificate-authority=${pkiFile(layout, 'ca.crt')}`,
      `--kubelet-client-certificate=${pkiFile(layout, 'apiserver-kubelet-client.crt')}`,
      `--kubelet-client-key=${pkiFile(layout, 'apiserver-kubelet-client.key')}`,
      '--kubelet-preferred-address-types=InternalIP',
      '--profiling=false',
      '--v=0',
    ]),
  );
}

/**
 * The controller-manager and the scheduler, once the API server is ready: both read its
 * authentication configuration when they start.
 */
export function startControllers(layout: ClusterLayout, tools: Record<KubeTool, string>): void {
  const kubeconfig = (client: 'kube-controller-manager' | 'kube-scheduler') =>
    writeKubeconfig(
      layout,
      path.join(layout.state, `${client}.kubeconfig`),
      client,
      inClusterServer,
    );
  fs.mkdirSync(path.join(layout.kubelet, 'volume-plugins'), { recursive: true });
  const controllerManagerConfig = kubeconfig('kube-controller-manager');
  startDaemon(
    layout,
    'kube-controller-manager',
    inNetns(layout, [
      tools['kube-controller-manager'],
      `--kubeconfig=${controllerManagerConfig}`,
      `--authentication-kubeconfig=${controllerManagerConfig}`,
      `--authorization-kubeconfig=${controllerManagerConfig}`,
      '--bind-address=127.0.0.1',
      `--cert-dir=${certDir(layout, 'kube-controller-manager')}`,
      `--cluster-signing-cert-file=${pkiFile(layout, 'ca.crt')}`,
      `--cluster-signing-key-file=${pkiFile(layout, 'ca.key')}`,
      `--root-ca-file=${pkiFile(layout, 'ca.crt')}`,
      `--service-account-private-key-file=${pkiFile(layout, 'service-accounts.key')}`,
      '--use-service-account-credentials=true',
      `--service-cluster-ip-range=${NETWORK.serviceRange}`,
      '--allocate-node-cidrs=false',
      // Its default is /usr/libexec/kubernetes/kubelet-plugins/volume/exec, made on start.
      `--flex-volume-plugin-dir=${path.join(layout.kubelet, 'volume-plugins')}`,
      '--leader-elect=false',
      // A node that stops reporting is lost after 20 s (Kubernetes' default: 50 s), so the
      // several-node tests see its pods replaced within a minute (docs/adr/0030-several-nodes.md).
      '--node-monitor-period=2s',
      '--node-monitor-grace-period=20s',
      '--profiling=false',
      '--v=0',
    ]),
  );
  const schedulerConfig = kubeconfig('kube-scheduler');
  startDaemon(
    layout,
    'kube-scheduler',
    inNetns(layout, [
      tools['kube-scheduler'],
      `--kubeconfig=${schedulerConfig}`,
      `--authentication-kubeconfig=${schedulerConfig}`,
      `--authorization-kubeconfig=${schedulerConfig}`,
      '--bind-address=127.0.0.1',
      `--cert-dir=${certDir(layout, 'kube-scheduler')}`,
      '--leader-elect=false',
      '--profiling=false',
      '--v=0',
    ]),
  );
}
