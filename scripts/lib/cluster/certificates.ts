/**
 * The cluster's certificates, made with plain openssl (P-256 keys): a CA, the API server's and
 * kubelet's serving certificates, a client certificate per component, the service-account
 * signing pair, and a kubeconfig per client.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NETWORK, NODE_NAME, type ClusterLayout } from './layout';

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

export type Client = keyof typeof CLIENTS;

const DAYS = '365';

export function makeCertificates(layout: ClusterLayout): void {
  const dir = layout.pki;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = (name: string) =>
    openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name);
  key('ca.key');
  openssl(
    ...['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=mcat-cluster-ca', '-days', DAYS],
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-out', 'ca.crt'],
  );
  const signed = (name: string, subject: string, extensions: string[]) => {
    key(`${name}.key`);
    openssl(
      ...['req', '-x509', '-new', '-key', `${name}.key`, '-subj', subject, '-days', DAYS],
      ...['-CA', 'ca.crt', '-CAkey', 'ca.key', '-out', `${name}.crt`],
      ...['-addext', 'basicConstraints=critical,CA:FALSE'],
      ...extensions.flatMap((extension) => ['-addext', extension]),
    );
  };
  const names = ['kubernetes', 'kubernetes.default', 'kubernetes.default.svc'];
  signed('apiserver', '/CN=kube-apiserver', [
    'extendedKeyUsage=serverAuth',
    `subjectAltName=${[
      ...['127.0.0.1', NETWORK.nodeIp, NETWORK.firstServiceIp].map((ip) => `IP:${ip}`),
      ...['localhost', ...names, `${names[2]}.cluster.local`].map((name) => `DNS:${name}`),
    ].join(',')}`,
  ]);
  signed('kubelet-serving', `/CN=${NODE_NAME}`, [
    'extendedKeyUsage=serverAuth',
    `subjectAltName=IP:${NETWORK.nodeIp},DNS:${NODE_NAME}`,
  ]);
  for (const [name, subject] of Object.entries(CLIENTS)) {
    signed(name, subject, ['extendedKeyUsage=clientAuth']);
  }
  key('service-accounts.key');
  openssl('pkey', '-in', 'service-accounts.key', '-pubout', '-out', 'service-accounts.pub');
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
