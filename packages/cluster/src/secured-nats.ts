/**
 * The cluster's NATS as a managed NATS serves it: TLS with a certificate of a private CA and
 * operator mode, taking only a credentials file of the product's account. The chart reaches it
 * with its own values (values-secured-nats.yaml): the CA bundle and the credentials file as
 * Secrets, mounted into every pod that talks to NATS (dependencies.caBundle,
 * dependencies.nats.credentials). The files are made once per cluster and kept in its folder, so
 * another cluster:up keeps the server's keys and the streams it stored.
 *
 * One configuration serves both layouts: the one NATS of a one-node cluster, and each of the three
 * members of dependencies-ha, which add their server name and routes as flags (the flags win over
 * the file). The members share the certificate: a client told of another member by its address
 * checks that member's certificate against the name it first dialled (`nats`), as nats.js does.
 * The routes between members stay plain, inside the cluster's network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { natsOperatorSetup } from '@mcat/runner/secured-dependencies/nats-operator';
import { makeServerCertificate } from '@mcat/runner/secured-dependencies/tls-certificates';
import { REPO_ROOT } from '@mcat/runner/ports';
import { kubectlOk, type Cluster } from './cluster';

/** The server's configuration and certificate (dependencies/kustomization.yaml mounts it). */
export const NATS_SERVER_SECRET = 'nats-server';
/** The services' credentials file (values-secured-nats.yaml names it). */
export const NATS_CREDENTIALS_SECRET = 'nats-credentials';
/** The CA bundle the services trust (values-secured-nats.yaml names it). */
export const DEPENDENCIES_CA_SECRET = 'dependencies-ca';

/** The names the server's certificate holds: its Service's, short and long. */
const serverNames = (namespace: string) => [
  'nats',
  `nats.${namespace}`,
  `nats.${namespace}.svc`,
  `nats.${namespace}.svc.cluster.local`,
];

async function securedNatsFiles(dir: string, namespace: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'nats.conf'))) return;
  // Valid as long as a cluster folder is kept: the files are made once per cluster.
  makeServerCertificate(dir, serverNames(namespace), 365);
  const operator = await natsOperatorSetup();
  fs.writeFileSync(path.join(dir, 'nats.creds'), operator.userCreds, { mode: 0o600 });
  fs.writeFileSync(
    path.join(dir, 'nats.conf'),
    [
      operator.authorization,
      'port: 4222',
      'http_port: 8222',
      'server_name: mcat-dev',
      'jetstream { store_dir: "/data" }',
      'tls { cert_file: "/etc/nats/server.crt", key_file: "/etc/nats/server.key" }',
      '',
    ].join('\n'),
  );
}

/** A Secret of these files, created or replaced. */
function applySecret(cluster: Cluster, namespace: string, name: string, files: string[]): void {
  const manifest = kubectlOk(cluster, [
    ...['create', 'secret', 'generic', name, '-n', namespace],
    ...files.map((file) => `--from-file=${file}`),
    ...['--dry-run=client', '-o', 'yaml'],
  ]);
  kubectlOk(cluster, ['apply', '-f', '-'], manifest);
}

/** Makes (once) and applies the three Secrets, in k8s/'s namespace (made first). */
export async function applySecuredNatsSecrets(cluster: Cluster, namespace: string): Promise<void> {
  const dir = path.join(cluster.layout.dir, 'secured-nats');
  await securedNatsFiles(dir, namespace);
  const file = (name: string) => path.join(dir, name);
  kubectlOk(cluster, ['apply', '-f', path.join(REPO_ROOT, 'k8s', 'namespace.yaml')]);
  applySecret(cluster, namespace, NATS_SERVER_SECRET, [
    file('nats.conf'),
    file('server.crt'),
    file('server.key'),
  ]);
  applySecret(cluster, namespace, NATS_CREDENTIALS_SECRET, [file('nats.creds')]);
  applySecret(cluster, namespace, DEPENDENCIES_CA_SECRET, [file('ca.crt')]);
}
