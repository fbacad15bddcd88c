/**
 * A one-node cluster brought up in a temporary folder runs a pod from a test image under the
 * `restricted` Pod Security level, serves it through a ClusterIP Service inside the cluster's
 * network namespace and through `kubectl port-forward` on the host's loopback, and once torn
 * down leaves no process, mount, network namespace, cgroup folder or file. Needs root; not part
 * of `npm test` (run: npx jest -c packages/cluster/jest.cluster.config.cjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cgroupFolders, cgroupMounts } from '../src/cgroups';
import { clusterDown, clusterUp, type Cluster } from '../src/cluster';
import { readDaemons } from '../src/daemons';
import { ensureImageArchive, HELLO_IMAGE, importImage } from '../src/images';
import { NODE_NAME } from '../src/layout';
import { inNetns, netnsInode } from '../src/netns';

jest.setTimeout(30 * 60_000);

const NAMESPACE = 'hello';
const HELLO = `
apiVersion: v1
kind: Pod
metadata: { name: hello, namespace: ${NAMESPACE}, labels: { app: hello } }
spec:
  securityContext: { runAsNonRoot: true, seccompProfile: { type: RuntimeDefault } }
  containers:
    - name: hello
      image: ${HELLO_IMAGE.reference}
      imagePullPolicy: Never
      ports: [{ containerPort: 8080 }]
      readinessProbe: { httpGet: { path: /, port: 8080 }, periodSeconds: 1 }
      securityContext:
        allowPrivilegeEscalation: false
        readOnlyRootFilesystem: true
        capabilities: { drop: [ALL] }
---
apiVersion: v1
kind: Service
metadata: { name: hello, namespace: ${NAMESPACE} }
spec:
  selector: { app: hello }
  ports: [{ port: 80, targetPort: 8080 }]
`;

const topCgroups = () =>
  cgroupMounts().flatMap(({ dir }) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(dir, entry.name)),
  );

/** Processes whose command line names the folder, or that sit in the namespace `net:[inode]`. */
function processesOf(dir: string, netns: number): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const net = fs.readlinkSync(`/proc/${entry}/ns/net`);
      if (cmdline.includes(dir) || net === `net:[${netns}]`) found.push(`${entry} ${cmdline}`);
    } catch {
      // Exited meanwhile.
    }
  }
  return found;
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

describe('one-node cluster', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-cluster-'));
  const cgroupsBefore = topCgroups();
  const timings: string[] = [];
  let cluster: Cluster;

  beforeAll(async () => {
    const started = Date.now();
    cluster = await clusterUp(dir, (line) => timings.push(line));
    timings.push(`cluster up in ${seconds(started)}`);
  });

  afterAll(async () => {
    await clusterDown(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    process.stdout.write(`${timings.join('\n')}\n`);
  });

  it('has a Ready node running v1.34.4', () => {
    const node = JSON.parse(cluster.kubectl(['get', 'node', NODE_NAME, '-o', 'json']).stdout) as {
      status: {
        conditions: { type: string; status: string }[];
        nodeInfo: { kubeletVersion: string };
      };
    };
    expect(node.status.conditions.find((c) => c.type === 'Ready')?.status).toBe('True');
    expect(node.status.nodeInfo.kubeletVersion).toBe('v1.34.4');
  });

  it('starts nothing more when brought up again', async () => {
    const before = readDaemons(cluster.layout);
    const again = await clusterUp(dir);
    expect(again.alreadyRunning).toBe(true);
    expect(readDaemons(cluster.layout)).toEqual(before);
  });

  it('runs a restricted pod from a local image, reached through its Service and a port-forward', async () => {
    const started = Date.now();
    importImage(cluster.layout, ensureImageArchive(HELLO_IMAGE));
    const namespace = cluster.kubectl(['create', 'namespace', NAMESPACE]);
    expect(namespace.stderr).toBe('');
    cluster.kubectl([
      'label',
      'namespace',
      NAMESPACE,
      'pod-security.kubernetes.io/enforce=restricted',
    ]);
    const applied = cluster.kubectl(['apply', '--warnings-as-errors', '-f', '-'], HELLO);
    expect(applied.stderr).toBe('');
    const ready = cluster.kubectl([
      'wait',
      '-n',
      NAMESPACE,
      'pod/hello',
      '--for=condition=Ready',
      '--timeout=120s',
    ]);
    expect(ready.stdout).toContain('condition met');
    timings.push(`hello pod Ready ${seconds(started)} after its image import began`);

    const clusterIp = cluster.kubectl([
      ...['get', 'service', 'hello', '-n', NAMESPACE],
      ...['-o', 'jsonpath={.spec.clusterIP}'],
    ]).stdout;
    expect(clusterIp).toMatch(/^10\.96\.0\.\d+$/);
    const [nsenter, ...args] = inNetns(cluster.layout, [
      process.execPath,
      '-e',
      `fetch('http://${clusterIp}/').then((r) => r.text()).then((t) => process.stdout.write(t), () => process.exit(1))`,
    ]);
    const fetchInNetns = () =>
      spawnSync(nsenter, args, { encoding: 'utf8', timeout: 10_000 }).stdout;
    let body = '';
    for (let attempt = 0; attempt < 50 && !body; attempt += 1) {
      body = fetchInNetns();
      if (!body) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(body).toBe('hello from hello\n');

    const forward = spawn(
      cluster.kubectlBinary,
      [
        `--kubeconfig=${cluster.kubeconfig}`,
        `--cache-dir=${cluster.layout.kubeCache}`,
        ...['port-forward', '-n', NAMESPACE, 'pod/hello', '--address=127.0.0.1', ':8080'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        forward.stdout.on('data', (chunk: Buffer) => {
          const match = /Forwarding from 127\.0\.0\.1:(\d+)/.exec(chunk.toString());
          if (match) resolve(Number(match[1]));
        });
        forward.once('exit', (code) => reject(new Error(`port-forward exited with ${code}`)));
      });
      const response = await fetch(`http://127.0.0.1:${port}/`);
      expect(await response.text()).toBe('hello from hello\n');
    } finally {
      forward.kill();
    }
  });

  it('leaves no process, mount, network namespace, cgroup folder or file once torn down', async () => {
    const netns = netnsInode(cluster.layout);
    expect(netns).not.toBeNull();
    expect(cgroupFolders(cluster.layout.cgroupRoot).length).toBeGreaterThan(0);
    const started = Date.now();
    await clusterDown(dir);
    timings.push(`torn down in ${seconds(started)}`);

    expect(processesOf(dir, netns ?? 0)).toEqual([]);
    expect(fs.readFileSync('/proc/self/mountinfo', 'utf8')).not.toContain(dir);
    const namespaces = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => {
        try {
          return fs.readlinkSync(`/proc/${name}/ns/net`);
        } catch {
          return '';
        }
      });
    expect(namespaces).not.toContain(`net:[${netns}]`);
    expect(cgroupFolders(cluster.layout.cgroupRoot)).toEqual([]);
    expect(topCgroups().filter((folder) => !cgroupsBefore.includes(folder))).toEqual([]);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
