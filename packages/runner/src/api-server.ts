/**
 * A Kubernetes API server for the tests, with nothing else of a cluster: Debian's etcd and
 * kube-apiserver (built into the tools cache) on free loopback ports, certificates made with
 * openssl, a kubeconfig for an admin in `system:masters`. Everything lives in one temporary
 * folder (kubectl's discovery cache included, never ~/.kube), removed by `stop()` once both
 * processes have exited. See docs/adr/0014-api-server-in-the-tests.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort, startProcess, type RunningProcess } from './infra';
import { ensureKubeTools } from './tools';

export interface KubectlResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface ApiServer {
  /** The API server's URL, https://127.0.0.1:<port>. */
  url: string;
  kubeconfig: string;
  /** The temporary folder holding everything: certificates, etcd's data, logs, kubectl's cache. */
  dir: string;
  /** etcd's and kube-apiserver's process ids. */
  pids: number[];
  /** Runs kubectl against this server, `input` on its standard input. */
  kubectl(args: string[], input?: string): KubectlResult;
  /** Stops kube-apiserver, then etcd, and removes the folder. */
  stop(): Promise<void>;
}

const SERVICE_RANGE = '10.96.0.0/24';
const FIRST_SERVICE_IP = '10.96.0.1';

function hasProgram(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** A CA, the server's certificate, an admin client certificate and the service-account keys. */
function makeCertificates(dir: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = (name: string) =>
    openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name);
  key('ca.key');
  openssl(
    ...['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=mcat-test-ca', '-days', '2'],
    ...['-addext', 'basicConstraints=critical,CA:TRUE', '-out', 'ca.crt'],
  );
  const signed = (name: string, subject: string, extensions: string[]) => {
    key(`${name}.key`);
    openssl(
      ...['req', '-x509', '-new', '-key', `${name}.key`, '-subj', subject, '-days', '2'],
      ...['-CA', 'ca.crt', '-CAkey', 'ca.key', '-out', `${name}.crt`],
      ...['-addext', 'basicConstraints=critical,CA:FALSE'],
      ...extensions.flatMap((extension) => ['-addext', extension]),
    );
  };
  signed('apiserver', '/CN=kube-apiserver', [
    'extendedKeyUsage=serverAuth',
    `subjectAltName=IP:127.0.0.1,IP:${FIRST_SERVICE_IP},DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc`,
  ]);
  signed('admin', '/O=system:masters/CN=mcat-test-admin', ['extendedKeyUsage=clientAuth']);
  key('service-accounts.key');
  openssl('pkey', '-in', 'service-accounts.key', '-pubout', '-out', 'service-accounts.pub');
}

function writeKubeconfig(dir: string, url: string): string {
  const file = path.join(dir, 'kubeconfig');
  const at = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      `- name: test\n  cluster:\n    server: ${url}\n    certificate-authority: ${at('ca.crt')}`,
      'users:',
      `- name: admin\n  user:\n    client-certificate: ${at('admin.crt')}\n    client-key: ${at('admin.key')}`,
      'contexts:',
      '- name: test\n  context:\n    cluster: test\n    user: admin',
      'current-context: test',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  return file;
}

/** The files of the admin's client certificate and of the CA that signed the server's. */
export interface AdminCredentials {
  ca: string;
  cert: string;
  key: string;
}

/** GET <url>/readyz as the admin: true once it answers 200 ok. */
export function isApiServerReady(url: string, files: AdminCredentials): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.get(
      `${url}/readyz`,
      {
        ca: fs.readFileSync(files.ca),
        cert: fs.readFileSync(files.cert),
        key: fs.readFileSync(files.key),
        timeout: 2000,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

const adminFiles = (dir: string): AdminCredentials => ({
  ca: path.join(dir, 'ca.crt'),
  cert: path.join(dir, 'admin.crt'),
  key: path.join(dir, 'admin.key'),
});

async function waitUntilReady(url: string, dir: string, apiserver: RunningProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (apiserver.child.exitCode !== null) break;
    if (await isApiServerReady(url, adminFiles(dir))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const output = fs.readFileSync(path.join(dir, 'logs', 'kube-apiserver.log'), 'utf8');
  throw new Error(`kube-apiserver did not become ready:\n${output.slice(-3000)}`);
}

export async function startApiServer(
  log: (line: string) => void = () => undefined,
): Promise<ApiServer> {
  if (!hasProgram('etcd')) {
    throw new Error(
      'etcd is missing: install Debian\'s etcd-server (npm test\'s bootstrap does; or "apt-get install -y etcd-server").',
    );
  }
  const tools = ensureKubeTools(['kube-apiserver', 'kubectl'], log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-apiserver-'));
  const logs = path.join(dir, 'logs');
  const started: RunningProcess[] = [];
  const stop = async () => {
    for (const running of started.reverse()) await running.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    makeCertificates(dir);
    const [etcdPort, peerPort, apiPort] = [await freePort(), await freePort(), await freePort()];
    const etcdUrl = `http://127.0.0.1:${etcdPort}`;
    const peerUrl = `http://127.0.0.1:${peerPort}`;
    started.push(
      await startProcess(
        {
          name: 'etcd',
          command: 'etcd',
          port: etcdPort,
          args: [
            '--name=test',
            `--data-dir=${path.join(dir, 'etcd')}`,
            `--listen-client-urls=${etcdUrl}`,
            `--advertise-client-urls=${etcdUrl}`,
            `--listen-peer-urls=${peerUrl}`,
            `--initial-advertise-peer-urls=${peerUrl}`,
            `--initial-cluster=test=${peerUrl}`,
            '--logger=zap',
            '--log-level=warn',
          ],
        },
        logs,
      ),
    );
    const at = (name: string) => path.join(dir, name);
    const apiserver = await startProcess(
      {
        name: 'kube-apiserver',
        command: tools['kube-apiserver'],
        port: apiPort,
        args: [
          `--etcd-servers=${etcdUrl}`,
          '--bind-address=127.0.0.1',
          '--advertise-address=127.0.0.1',
          `--secure-port=${apiPort}`,
          `--cert-dir=${at('certs')}`,
          `--service-cluster-ip-range=${SERVICE_RANGE}`,
          `--client-ca-file=${at('ca.crt')}`,
          `--tls-cert-file=${at('apiserver.crt')}`,
          `--tls-private-key-file=${at('apiserver.key')}`,
          '--service-account-issuer=https://kubernetes.default.svc',
          `--service-account-key-file=${at('service-accounts.pub')}`,
          `--service-account-signing-key-file=${at('service-accounts.key')}`,
          '--authorization-mode=RBAC',
          // As on a real cluster (kubeadm's default): a privileged pod is Pod Security's to refuse.
          '--allow-privileged=true',
          '--profiling=false',
          '--v=0',
        ],
      },
      logs,
    );
    started.push(apiserver);
    const url = `https://127.0.0.1:${apiPort}`;
    await waitUntilReady(url, dir, apiserver);
    const kubeconfig = writeKubeconfig(dir, url);
    const env = { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: at('kube-cache') };
    const kubectl = (args: string[], input?: string): KubectlResult => {
      const result = spawnSync(
        tools.kubectl,
        [`--kubeconfig=${kubeconfig}`, `--cache-dir=${at('kube-cache')}`, ...args],
        { env, input, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 },
      );
      return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
    };
    const pids = started.map((running) => running.child.pid ?? -1);
    return { url, kubeconfig, dir, pids, kubectl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
