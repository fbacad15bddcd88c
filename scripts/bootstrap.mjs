// The entry of `npm start`, `npm test`, `npm run bench`, `npm run grant-role`,
// `npm run dead-letters`, `npm run backup` / `restore`, `npm run release` and `npm run cluster:up` /
// `cluster:down`.
// Plain Node with no dependencies, because it runs before the npm packages exist: on a Node older
// than the project's (packages/runner/src/node-release.json) it first runs itself again on that release
// from the npm registry (packages/runner/src/node-runtime.mjs); then it installs what is missing (npm
// packages, the Debian packages when running as root), then runs the TypeScript entry with tsx,
// forwarding arguments, signals and the exit code. When nothing is missing it only checks.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NODE_VERSION,
  ensureRegistryNode,
  needsRegistryNode,
} from '../packages/runner/src/node-runtime.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = {
  start: 'scripts/start.ts',
  test: 'scripts/test.ts',
  bench: 'scripts/bench.ts',
  'grant-role': 'scripts/grant-role.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'dead-letters': 'scripts/dead-letters.ts',
  release: 'scripts/release.ts',
  'cluster:up': 'scripts/cluster-up.ts',
  'cluster:down': 'scripts/cluster-down.ts',
};
const SEARCH_PATH = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin'];

const log = (line) => process.stdout.write(`[bootstrap] ${line}\n`);

function fail(line) {
  process.stderr.write(`[bootstrap] ${line}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status === 0;
}

function mustRun(command, args, options = {}) {
  if (!run(command, args, options)) fail(`${command} ${args.join(' ')} failed.`);
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * npm writes node_modules/.package-lock.json after every install, so it dates the install. A fresh
 * clone gets `npm ci`: exactly the locked versions, every platform's native binaries included
 * (packages/runner/src/lockfile.spec.ts keeps the lock complete), so a refusal is a broken lock to fix,
 * not something to work around. An existing but outdated node_modules (after a pull) is brought up
 * to date with `npm install`, which, unlike `npm ci`, keeps what is already there.
 */
function installNpmPackages() {
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (mtime(installed) >= mtime(lock)) return;
  const npmArgs = ['--no-audit', '--no-fund'];
  if (fs.existsSync(installed)) {
    log('package-lock.json changed since the last install: npm install');
    mustRun('npm', ['install', ...npmArgs]);
    return;
  }
  log('Installing npm packages: npm ci');
  mustRun('npm', ['ci', ...npmArgs]);
}

/** A program on the search path, or a file named by its absolute path. */
const hasProgram = (name) =>
  path.isAbsolute(name)
    ? fs.existsSync(name)
    : SEARCH_PATH.some((dir) => dir && fs.existsSync(path.join(dir, name)));

/** Debian packages the command needs, skipping what an external URL replaces. */
function neededDebianPackages(command) {
  const needed = [];
  if (['start', 'test', 'bench'].includes(command)) {
    if (!process.env.NATS_URL || command === 'test') needed.push(['nats-server', 'nats-server']);
    if (!process.env.REDIS_URL || command === 'test') needed.push(['redis-server', 'redis-server']);
  }
  // A restore clears auth's session versions, starting the profile's Redis alone if it is down.
  if (command === 'restore' && !process.env.REDIS_URL)
    needed.push(['redis-server', 'redis-server']);
  // Playwright's tests and the web app's bench both drive Debian's Chromium.
  if (['test', 'bench'].includes(command)) needed.push(['chromium', 'chromium']);
  // The chart's tests dry-run it on a real API server: etcd plus kube-apiserver (tools cache).
  if (command === 'test') needed.push(['etcd', 'etcd-server']);
  // The one-node cluster (packages/cluster), which npm test also runs the product on: its
  // node is Debian's containerd, runc and CNI plugins; kube-proxy drives iptables, kube-router's
  // network policies iptables and ipset; socat relays the API server and the gateway to the
  // host's loopback; podman and mmdebstrap build the images (npm run images).
  if (['cluster:up', 'test'].includes(command)) {
    needed.push(
      ['etcd', 'etcd-server'],
      ['containerd', 'containerd'],
      ['runc', 'runc'],
      ['/usr/lib/cni/bridge', 'containernetworking-plugins'],
      ['iptables', 'iptables'],
      ['ipset', 'ipset'],
      ['socat', 'socat'],
      ['podman', 'podman'],
      ['mmdebstrap', 'mmdebstrap'],
    );
  }
  // A release builds the images (podman, mmdebstrap) and pushes them and the chart.
  if (command === 'release') needed.push(['podman', 'podman'], ['mmdebstrap', 'mmdebstrap']);
  return needed.filter(([program]) => !hasProgram(program)).map(([, pkg]) => pkg);
}

function installDebianPackages(command) {
  const missing = neededDebianPackages(command);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    fail(
      `Missing ${missing.join(', ')}. Install them (sudo apt-get install -y ${missing.join(' ')}) and run again.`,
    );
  }
  log(`Installing Debian packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update', '-qq'], { env });
  mustRun('apt-get', ['install', '-y', '-qq', ...missing], { env });
}

/**
 * Runs `command` with this process's stdio, forwarding SIGINT, SIGTERM and SIGHUP to it, and exits
 * with its exit code once it ends.
 */
function runForwarding(command, args, options) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  let lastSignalAt = 0;
  const forward = (signal) => {
    // The terminal and npm both deliver a Ctrl-C; forward it once.
    if (Date.now() - lastSignalAt < 1000) return;
    lastSignalAt = Date.now();
    if (child.exitCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  // `kill <npm's pid>` reaches npm's shell, which dies without passing it on: this process is
  // then orphaned, and takes that as the request to stop.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && forward('SIGTERM'), 500).unref();
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * On a Node older than the project's, runs this bootstrap again on the registry's release, its
 * folder first on PATH so that npm, npx, tsx, jest, Playwright and every process they start run on
 * it too. The child stays in this process group, so it reads the terminal as this process would.
 * Returns whether it did.
 */
function switchNode() {
  if (!needsRegistryNode(process.versions.node)) return false;
  let binary;
  try {
    binary = ensureRegistryNode(log);
  } catch (error) {
    fail(
      `This machine's Node.js is ${process.version}; getting ${NODE_VERSION} failed: ${error.message}`,
    );
  }
  log(`Using Node.js ${NODE_VERSION} from the npm registry (${binary}), not ${process.version}`);
  const env = {
    ...process.env,
    PATH: [path.dirname(binary), process.env.PATH].filter(Boolean).join(path.delimiter),
  };
  // npm names the Node it runs on to its scripts; the ones started from here see the new one.
  for (const name of ['NODE', 'npm_node_execpath']) if (env[name]) env[name] = binary;
  runForwarding(binary, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { env });
  return true;
}

/**
 * Runs the entry in a process group of its own, so Ctrl-C reaches the runner once (through the
 * forwarding) rather than every process of the stack at the same time, which would cut their
 * graceful shutdown short.
 */
const runEntry = (entry, args) =>
  runForwarding(process.execPath, ['--import', 'tsx', entry, ...args], { detached: true });

const [command, ...args] = process.argv.slice(2);
const entry = ENTRIES[command];
if (!entry) fail(`Unknown command "${command}". Use one of: ${Object.keys(ENTRIES).join(', ')}.`);
if (!fs.existsSync(path.join(ROOT, entry))) fail(`${entry} does not exist yet.`);
if (!switchNode()) {
  installNpmPackages();
  installDebianPackages(command);
  runEntry(entry, args);
}
