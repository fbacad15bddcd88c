/**
 * A private CA and one server certificate it signed, made with plain openssl (P-256 keys), for
 * MongoDB, Redis and NATS served with TLS in the tests: the CA is what the services are given as
 * their CA bundle (NODE_EXTRA_CA_CERTS), the certificate what the servers present.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface TlsFiles {
  /** The CA's certificate (PEM): the bundle a client trusts. */
  caFile: string;
  certFile: string;
  keyFile: string;
}

/** A name a certificate holds: an IP address or a DNS name. */
const subjectAltName = (name: string) =>
  /^[\d.]+$/.test(name) || name.includes(':') ? `IP:${name}` : `DNS:${name}`;

/**
 * Writes `ca.crt`, `server.crt` and `server.key` into `dir` (made if missing); the certificate
 * is valid for every name in `names` (the first is its common name) for `days` days.
 */
export function makeServerCertificate(dir: string, names: readonly string[], days = 1): TlsFiles {
  fs.mkdirSync(dir, { recursive: true });
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = (file: string) =>
    openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file);
  newKey('ca.key');
  openssl(
    ...['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=mcat-test-dependencies-ca'],
    ...['-days', String(days), '-out', 'ca.crt'],
  );
  newKey('server.key');
  openssl(
    ...['req', '-x509', '-new', '-key', 'server.key', '-subj', `/CN=${names[0]}`],
    ...['-days', String(days)],
    ...['-CA', 'ca.crt', '-CAkey', 'ca.key', '-out', 'server.crt'],
    ...['-addext', 'basicConstraints=critical,CA:FALSE'],
    ...['-addext', 'extendedKeyUsage=serverAuth'],
    ...['-addext', `subjectAltName=${names.map(subjectAltName).join(',')}`],
  );
  // The servers run as another user in the cluster; the key is a throwaway test key.
  fs.chmodSync(path.join(dir, 'server.key'), 0o644);
  return {
    caFile: path.join(dir, 'ca.crt'),
    certFile: path.join(dir, 'server.crt'),
    keyFile: path.join(dir, 'server.key'),
  };
}
