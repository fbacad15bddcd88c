/**
 * The cluster's certificates, made with plain openssl (P-256 keys): a CA, the API server's and
 * kubelet's serving certificates, a client certificate per component, the service-account
 * signing pair, and a kubeconfig per client.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CONTROL_NODE, NETWORK, NODE_NAME, type ClusterLayout, type NodeIdentity } from './layout';

/** Client identities: the file name, and the subject Kubernetes reads user and groups from. */
export const CLIENTS = {
  admin: '/O=system:masters/CN=mcat-cluster-admin',
  'kube-controller-manager': '/CN=system:kube-controller-manager',
  'kube-scheduler': '/CN=system:kube-scheduler',
  'kube-proxy': '/CN=system:kube-proxy',
  'kube-router': '/CN=system:kube-router',
  kubelet: `/O=system:nodes/CN=system:node:${NODE_NAME}`,
  'apiserver-kubelet-client': '/O=system:masters/CN=kube-apiserver-kubelet-client',
} as const;

export type Client = keyof typeof CLIENTS | `kubelet-${string}`;

const DAYS = '365';

const opensslIn =
  (dir: string) =>
  (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

const newKey = (dir: string, name: string) =>
  opensslIn(dir)(
    'genpkey',
    '-algorithm',
    'EC',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-out',
    name,
  );

/** A key and a certificate signed by the cluster's CA, as `<name>.key` and `<name>.crt`. */
function signed(dir: string, name: string, subject: string, extensions: string[]): void {
  newKey(dir, `${name}.key`);
  opensslIn(dir)(
    ...['req', '-x509', '-new', '-key', `${name}.key`, '-subj', subject, '-days', DAYS],
    ...['-CA', 'ca.crt', '-CAkey', 'ca.key', '-out', `${name}.crt`],
    ...['-addext', 'basicConstraints=critical,CA:FALSE'],
    ...extensions.flatMap((extension) => ['-addext', extension]),
  );
}

/** The node's kubelet as a client of the API server (the Node authorizer reads its name). */
export const kubeletClient = (node: NodeIdentity): Client =>
  node.name === NODE_NAME ? 'kubelet' : `kubelet-${node.name}`;

/** The node's kubelet as a server (logs, exec), for the API server. */
export const kubeletServing = (node: NodeIdentity): string =>
  node.name === NODE_NAME ? 'kubelet-serving' : `kubelet-serving-${node.name}`;

function signKubelet(dir: string, node: NodeIdentity): void {
  signed(dir, kubeletServing(node), `/CN=${node.name}`, [
    'extendedKeyUsage=serverAuth',
    `subjectAltName=IP:${node.ip},DNS:${node.name}`,
  ]);
}

export function makeCertificates(layout: ClusterLayout): void {
  const dir = layout.pki;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const openssl = opensslIn(dir);
  newKey(dir, 'ca.key');
  openssl(
    ...['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=mcat-cluster-ca', '-days', DAYS],
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-out', 'ca.crt'],
  );
  const names = ['kubernetes', 'kubernetes.default', 'kubernetes.default.svc'];
  signed(dir, 'apiserver', '/CN=kube-apiserver', [
    'extendedKeyUsage=serverAuth',
    `subjectAltName=${[
      ...['127.0.0.1', NETWORK.nodeIp, NETWORK.firstServiceIp].map((ip) => `IP:${ip}`),
      ...['localhost', ...names, `${names[2]}.cluster.local`].map((name) => `DNS:${name}`),
    ].join(',')}`,
  ]);
  signKubelet(dir, CONTROL_NODE);
  for (const [name, subject] of Object.entries(CLIENTS)) {
    signed(dir, name, subject, ['extendedKeyUsage=clientAuth']);
  }
  newKey(dir, 'service-accounts.key');
  openssl('pkey', '-in', 'service-accounts.key', '-pubout', '-out', 'service-accounts.pub');
}

/** A worker's kubelet certificates, client and serving, signed by the cluster's CA. */
export function makeWorkerCertificates(layout: ClusterLayout, node: NodeIdentity): void {
  signKubelet(layout.pki, node);
  signed(layout.pki, kubeletClient(node), `/O=system:nodes/CN=system:node:${node.name}`, [
    'extendedKeyUsage=clientAuth',
  ]);
}

export const pkiFile = (layout: ClusterLayout, name: string) => path.join(layout.pki, name);

/** A kubeconfig for `client` at `server`, pointing at the certificate files. */
export function writeKubeconfig(
  layout: ClusterLayout,
  file: string,
  client: Client,
  server: string,
): string {
  const at = (name: string) => pkiFile(layout, name);
  fs.writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      `- name: mcat\n  cluster:\n    server: ${server}\n    certificate-authority: ${at('ca.crt')}`,
      'users:',
      `- name: ${client}\n  user:\n    client-certificate: ${at(`${client}.crt`)}\n    client-key: ${at(`${client}.key`)}`,
      'contexts:',
      `- name: mcat\n  context:\n    cluster: mcat\n    user: ${client}`,
      'current-context: mcat',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return file;
}
