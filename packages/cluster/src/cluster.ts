/**
 * A Kubernetes cluster in one folder: `clusterUp(dir)` makes it (or finds it running), with node 0
 * beside the control plane and, if asked, workers in network namespaces of their own;
 * `clusterDown(dir)` removes every process, mount, cgroup folder, network namespace and file it
 * made, also after a crash, from the records in `<dir>/state/`. See
 * docs/adr/0015-one-node-cluster.md and docs/adr/0030-several-nodes.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@mcat/runner/infra';
import { ensureKubeTools, ensureTool, KUBE_TOOLS, type KubeTool } from '@mcat/runner/tools';
import { cgroupProcesses, createCgroupRoot, removeCgroupRoot } from './cgroups';
import { makeCertificates, makeWorkerCertificates, writeKubeconfig } from './certificates';
import { CONTROL_PLANE, startApiServer, startControllers } from './control-plane';
import {
  assertAlive,
  isAlive,
  processStartTime,
  readDaemon,
  readDaemons,
  stopDaemon,
  stopProcess,
  waitFor,
} from './daemons';
import { FORWARDERS, apiUrl, isApiReady, readApiPort, startApiForward } from './forward';
import { ensureImageArchive, importImage, PAUSE_IMAGE } from './images';
import { clusterLayout, workerLayout, type ClusterLayout } from './layout';
import {
  createNetns,
  createWorkerNetns,
  cutWorkerLink,
  netnsInode,
  removeNetns,
  routePodSubnets,
} from './netns';
import {
  isEnforcing,
  NETWORK_POLICY_DAEMONS,
  startNetworkPolicyController,
} from './network-policies';
import {
  isRegistryReady,
  REGISTRY_ADDRESS,
  REGISTRY_DAEMONS,
  registryOnHost,
  startRegistry,
} from './registry';
import {
  NODE_DAEMONS,
  nodeDaemon,
  startContainerd,
  startKubelet,
  startKubeProxy,
  writeNodeConfig,
} from './node';

export interface KubectlResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface Cluster {
  layout: ClusterLayout;
  /** The API server's URL on the host's loopback. */
  url: string;
  kubeconfig: string;
  /** True when `clusterUp` found it running and started nothing. */
  alreadyRunning: boolean;
  /** The workers' layouts (none for a one-node cluster): worker N is `workers[N - 1]`. */
  workers: ClusterLayout[];
  /** kubectl's path in the tools cache; `kubectl()` runs it with the admin's kubeconfig. */
  kubectlBinary: string;
  kubectl(args: string[], input?: string): KubectlResult;
}

const DAEMONS = [
  ...CONTROL_PLANE,
  ...FORWARDERS,
  ...NODE_DAEMONS,
  ...NETWORK_POLICY_DAEMONS,
  ...REGISTRY_DAEMONS,
];

const workersFile = (layout: ClusterLayout) => path.join(layout.state, 'workers');

/** The workers a cluster was made with (recorded before the first was made). */
function workerLayouts(layout: ClusterLayout): ClusterLayout[] {
  const count = fs.existsSync(workersFile(layout))
    ? Number(fs.readFileSync(workersFile(layout), 'utf8').trim())
    : 0;
  return Array.from({ length: count }, (_, index) => workerLayout(layout, index + 1));
}

/** Every daemon the cluster runs: the control plane's, node 0's, and each worker's. */
const allDaemons = (layout: ClusterLayout): string[] => [
  ...DAEMONS,
  ...workerLayouts(layout).flatMap((worker) =>
    [...NODE_DAEMONS, ...NETWORK_POLICY_DAEMONS].map((name) => nodeDaemon(worker, name)),
  ),
];

/** Programs the cluster runs besides the tools cache's; the bootstrap installs their packages. */
const PROGRAMS: [string, string][] = [
  ['etcd', 'etcd-server'],
  ['containerd', 'containerd'],
  ['ctr', 'containerd'],
  ['runc', 'runc'],
  ['/usr/lib/cni/bridge', 'containernetworking-plugins'],
  ['iptables', 'iptables'],
  ['ipset', 'ipset'],
  ['socat', 'socat'],
];

function checkPrograms(): void {
  const missing = PROGRAMS.filter(([program]) =>
    program.startsWith('/')
      ? !fs.existsSync(program)
      : spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0,
  ).map(([, pkg]) => pkg);
  if (missing.length > 0) {
    const packages = [...new Set(missing)].join(' ');
    throw new Error(
      `Missing Debian packages: ${packages} (npm run cluster:up installs them; or apt-get install -y ${packages}).`,
    );
  }
}

function kubectlFor(layout: ClusterLayout, kubectl: string) {
  return (args: string[], input?: string): KubectlResult => {
    const result = spawnSync(
      kubectl,
      [`--kubeconfig=${layout.kubeconfig}`, `--cache-dir=${layout.kubeCache}`, ...args],
      {
        env: { ...process.env, KUBECACHEDIR: layout.kubeCache },
        input,
        encoding: 'utf8',
        maxBuffer: 32 * 1024 * 1024,
      },
    );
    return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  };
}

/** kubectl's output, or an error with its message when it fails. */
export function kubectlOk(cluster: Cluster, args: string[], input?: string): string {
  const result = cluster.kubectl(args, input);
  if (result.status !== 0) {
    throw new Error(`kubectl ${args.join(' ')} failed: ${result.stderr.trim()}`);
  }
  return result.stdout;
}

/** Node 0's layout, then each worker's. */
export const clusterNodes = (cluster: Cluster): ClusterLayout[] => [
  cluster.layout,
  ...cluster.workers,
];

/** Every daemon of the cluster is alive and the API server answers. */
export async function isClusterRunning(layout: ClusterLayout): Promise<boolean> {
  const records = allDaemons(layout).map((name) => readDaemon(layout, name));
  if (!records.every((record) => record !== null && isAlive(record))) return false;
  const port = readApiPort(layout);
  return port !== null && (await isApiReady(layout, port));
}

function handle(layout: ClusterLayout, alreadyRunning: boolean): Cluster {
  const tools = ensureKubeTools(['kubectl']);
  return {
    layout,
    url: apiUrl(readApiPort(layout) ?? 0),
    kubeconfig: layout.kubeconfig,
    alreadyRunning,
    workers: workerLayouts(layout),
    kubectlBinary: tools.kubectl,
    kubectl: kubectlFor(layout, tools.kubectl),
  };
}

export interface ClusterOptions {
  /** Worker nodes besides node 0, each in a network namespace of its own (default none). */
  workers?: number;
}

export async function clusterUp(
  dir: string,
  log: (line: string) => void = () => undefined,
  options: ClusterOptions = {},
): Promise<Cluster> {
  const layout = clusterLayout(dir);
  const workerCount = options.workers ?? 0;
  if ((await isClusterRunning(layout)) && workerLayouts(layout).length === workerCount) {
    log(`The cluster in ${dir} is already running.`);
    return handle(layout, true);
  }
  if (fs.existsSync(layout.state)) {
    log('Removing what is left of an earlier cluster...');
    await clusterDown(dir, log);
  }
  checkPrograms();
  const tools: Record<KubeTool, string> = ensureKubeTools(KUBE_TOOLS, log);
  const kubeRouter = ensureTool('kube-router', log);
  const registry = ensureTool('registry', log);
  const pause = ensureImageArchive(PAUSE_IMAGE);
  const started = Date.now();
  const step = (line: string) => log(`${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`);
  fs.mkdirSync(layout.state, { recursive: true });
  fs.writeFileSync(workersFile(layout), `${workerCount}\n`);
  makeCertificates(layout);
  createNetns(layout);
  createCgroupRoot(layout.cgroupRoot);
  step('certificates, network namespace and cgroup tree made');

  startApiServer(layout, tools);
  const port = await freePort();
  await startApiForward(layout, port);
  const daemons = allDaemons(layout);
  const alive = (names: readonly string[]) => () => {
    for (const name of names) {
      const record = readDaemon(layout, name);
      if (record) assertAlive(layout, record);
    }
  };
  await waitFor('the API server', () => isApiReady(layout, port), 60_000, alive(daemons));
  writeKubeconfig(layout, layout.kubeconfig, 'admin', apiUrl(port));
  fs.writeFileSync(
    layout.env,
    `export KUBECONFIG=${layout.kubeconfig}\nexport KUBECACHEDIR=${layout.kubeCache}\n`,
  );
  step(`API server ready at ${apiUrl(port)}`);

  startControllers(layout, tools);
  writeNodeConfig(layout);
  startContainerd(layout);
  const ctrVersion = () =>
    spawnSync('ctr', ['--address', layout.containerdSocket, 'version'], { stdio: 'ignore' })
      .status === 0;
  await waitFor('containerd', ctrVersion, 30_000, alive(daemons));
  importImage(layout, pause);
  step('containerd running, pause image imported');
  await startRegistry(layout, registry, await freePort());
  await waitFor('the registry', () => isRegistryReady(layout), 30_000, alive(daemons));
  step(`registry at ${REGISTRY_ADDRESS} (${registryOnHost(layout)} from the host)`);

  startKubelet(layout, tools);
  startKubeProxy(layout, tools);
  const cluster = handle(layout, false);
  const nodeReady = (name: string) => () =>
    cluster.kubectl([
      'get',
      'node',
      name,
      '-o',
      'jsonpath={.status.conditions[?(@.type=="Ready")].status}',
    ]).stdout === 'True';
  await waitFor('the node to be Ready', nodeReady(layout.node.name), 120_000, alive(daemons));
  const defaultAccount = () =>
    cluster.kubectl(['get', 'serviceaccount', 'default', '-n', 'default']).status === 0;
  await waitFor('the default ServiceAccount', defaultAccount, 60_000, alive(daemons));
  step(`node ${layout.node.name} Ready`);
  startNetworkPolicyController(layout, cluster.kubectl, kubeRouter);
  await waitFor(
    'kube-router to enforce network policies',
    () => isEnforcing(layout),
    60_000,
    alive(daemons),
  );
  step('network policies enforced (kube-router)');
  for (const worker of cluster.workers) {
    makeWorkerCertificates(layout, worker.node);
    createWorkerNetns(layout, worker);
    createCgroupRoot(worker.cgroupRoot);
    writeNodeConfig(worker);
    startContainerd(worker);
  }
  routePodSubnets([layout, ...cluster.workers]);
  for (const worker of cluster.workers) {
    const ready = () =>
      spawnSync('ctr', ['--address', worker.containerdSocket, 'version'], { stdio: 'ignore' })
        .status === 0;
    await waitFor(`containerd of ${worker.node.name}`, ready, 30_000, alive(daemons));
    importImage(worker, pause);
    startKubelet(worker, tools);
    startKubeProxy(worker, tools);
  }
  for (const worker of cluster.workers) {
    await waitFor(
      `${worker.node.name} to be Ready`,
      nodeReady(worker.node.name),
      120_000,
      alive(daemons),
    );
    startNetworkPolicyController(worker, cluster.kubectl, kubeRouter);
  }
  for (const worker of cluster.workers) {
    await waitFor(
      `kube-router to enforce network policies on ${worker.node.name}`,
      () => isEnforcing(worker),
      60_000,
      alive(daemons),
    );
  }
  if (cluster.workers.length > 0)
    step(`${cluster.workers.length} workers Ready, policies enforced`);
  return cluster;
}

/**
 * Loses worker N at once, the way a machine dies: its kubelet, kube-proxy, kube-router and
 * containerd killed (SIGKILL) and its link to the other nodes cut. Its pods' processes stay, cut
 * off, until clusterDown.
 */
export async function killWorker(cluster: Cluster, index: number): Promise<void> {
  const worker = cluster.workers[index - 1];
  if (!worker) throw new Error(`The cluster has no worker ${index}.`);
  cutWorkerLink(cluster.layout, worker);
  for (const name of ['kubelet', 'kube-proxy', 'kube-router', 'containerd'] as const) {
    const record = readDaemon(cluster.layout, nodeDaemon(worker, name));
    if (record && isAlive(record)) process.kill(record.pid, 'SIGKILL');
  }
}

/** Ids of processes in the cluster's network namespaces or cgroup trees. */
function leftoverProcesses(nodes: ClusterLayout[], netns: (number | null)[]): number[] {
  const pids = new Set(nodes.flatMap((node) => cgroupProcesses(node.cgroupRoot)));
  const links = new Set(netns.filter((inode) => inode !== null).map((inode) => `net:[${inode}]`));
  if (links.size > 0) {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (links.has(fs.readlinkSync(`/proc/${entry}/ns/net`))) pids.add(Number(entry));
      } catch {
        // The process has exited meanwhile.
      }
    }
  }
  pids.delete(process.pid);
  return [...pids];
}

/** Kills the pods' containers through containerd, while it still runs. */
function removeContainers(layout: ClusterLayout): void {
  const ctr = (...args: string[]) =>
    spawnSync('ctr', ['--address', layout.containerdSocket, '-n', 'k8s.io', ...args], {
      encoding: 'utf8',
      timeout: 30_000,
    });
  const ids = (kind: string) => ctr(kind, 'ls', '-q').stdout.split('\n').filter(Boolean);
  for (const id of ids('tasks')) ctr('tasks', 'kill', '-s', 'SIGKILL', id);
  for (const id of ids('tasks')) ctr('tasks', 'delete', '-f', id);
  for (const id of ids('containers')) ctr('containers', 'delete', id);
}

function mountsUnder(dir: string): string[] {
  const prefix = `${fs.realpathSync(dir)}/`;
  return fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((mount): mount is string => mount !== undefined && mount.startsWith(prefix))
    .reverse();
}

export async function clusterDown(
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const layout = clusterLayout(dir);
  if (!fs.existsSync(layout.dir)) return;
  const nodes = [layout, ...workerLayouts(layout)];
  const netns = nodes.map(netnsInode);
  for (const node of nodes) await stopDaemon(layout, nodeDaemon(node, 'kubelet'));
  for (const node of nodes) {
    const containerd = readDaemon(layout, nodeDaemon(node, 'containerd'));
    if (containerd && isAlive(containerd)) removeContainers(node);
  }
  for (const name of [...allDaemons(layout)].reverse()) await stopDaemon(layout, name);
  // Unknown names too: a daemon recorded by another version of this code.
  for (const record of readDaemons(layout)) await stopDaemon(layout, record.name);
  for (let round = 0; round < 20; round += 1) {
    const pids = leftoverProcesses(nodes, netns);
    if (pids.length === 0) break;
    log(`Stopping ${pids.length} leftover processes: ${pids.join(' ')}`);
    await Promise.all(
      pids.map((pid) => {
        const startTime = processStartTime(pid);
        return startTime === null ? undefined : stopProcess({ name: '', pid, startTime }, 2000);
      }),
    );
  }
  for (const node of nodes) removeCgroupRoot(node.cgroupRoot);
  for (const node of nodes.reverse()) removeNetns(node);
  for (const mount of mountsUnder(layout.dir)) execFileSync('umount', [mount]);
  fs.rmSync(layout.dir, { recursive: true, force: true });
}
