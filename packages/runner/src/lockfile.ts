/**
 * What `npm ci` needs from package-lock.json on any machine, checked without the network. npm ci
 * installs exactly the lock's entries: a dependency with no entry of its own is simply not
 * installed, and npm says nothing when it is another platform's optional binary (an `npm install`
 * on Linux leaves out `@rollup/rollup-darwin-arm64`, and Vite then fails on a Mac). A workspace
 * whose manifest differs from its lock entry makes npm ci refuse the lock outright.
 */
import fs from 'node:fs';
import path from 'node:path';

type Specs = Record<string, string>;

export interface LockEntry {
  version?: string;
  resolved?: string;
  link?: boolean;
  dependencies?: Specs;
  optionalDependencies?: Specs;
  devDependencies?: Specs;
  peerDependencies?: Specs;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lockfile {
  lockfileVersion: number;
  packages?: Record<string, LockEntry>;
}

export interface Manifest {
  name?: string;
  workspaces?: string[];
  dependencies?: Specs;
  optionalDependencies?: Specs;
  devDependencies?: Specs;
  peerDependencies?: Specs;
}

const DEPENDENCY_FIELDS = [
  'dependencies',
  'optionalDependencies',
  'devDependencies',
  'peerDependencies',
] as const;

/** The entry Node would load `name` from when required by the package at `from` (a lock key). */
export function resolveInLock(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

const isWorkspaceOrRoot = (key: string) => !key.includes('node_modules/');

/** Every reason `npm ci` would refuse the lock or install less than it names; empty when sound. */
export function lockfileProblems(lock: Lockfile, manifests: Record<string, Manifest>): string[] {
  const problems: string[] = [];
  const packages = lock.packages;
  if (lock.lockfileVersion < 2 || !packages) {
    return [`lockfileVersion ${lock.lockfileVersion} has no "packages" section`];
  }
  for (const [key, entry] of Object.entries(packages)) {
    if (entry.link) {
      if (!entry.resolved || !packages[entry.resolved]) {
        problems.push(`${key} links to ${entry.resolved ?? 'nothing'}, which has no entry`);
      }
      continue;
    }
    const where = key || 'the root';
    const wanted: [string, string][] = [
      ...Object.keys(entry.dependencies ?? {}).map((name): [string, string] => [
        name,
        'dependency',
      ]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, string] => [
        name,
        'optional dependency',
      ]),
      ...Object.keys(entry.peerDependencies ?? {})
        .filter((name) => !entry.peerDependenciesMeta?.[name]?.optional)
        .map((name): [string, string] => [name, 'peer dependency']),
    ];
    if (isWorkspaceOrRoot(key)) {
      wanted.push(
        ...Object.keys(entry.devDependencies ?? {}).map((name): [string, string] => [
          name,
          'devDependency',
        ]),
      );
    }
    for (const [name, kind] of wanted) {
      if (!resolveInLock(packages, key, name)) {
        problems.push(`${where} names ${kind} ${name}, which has no entry of its own`);
      }
    }
  }
  for (const [dir, manifest] of Object.entries(manifests)) {
    const entry = packages[dir];
    if (!entry) {
      problems.push(`workspace ${dir || 'root'} has no entry`);
      continue;
    }
    for (const field of DEPENDENCY_FIELDS) {
      const inManifest = JSON.stringify(sortedSpecs(manifest[field]));
      const inLock = JSON.stringify(sortedSpecs(entry[field]));
      if (inManifest !== inLock) {
        problems.push(`${dir || 'root'}: ${field} of package.json ${inManifest} ≠ lock ${inLock}`);
      }
    }
    if (dir && manifest.name && packages[`node_modules/${manifest.name}`]?.resolved !== dir) {
      problems.push(`workspace ${dir} is not linked as node_modules/${manifest.name}`);
    }
  }
  return problems;
}

function sortedSpecs(specs: Specs | undefined): Specs {
  return Object.fromEntries(Object.entries(specs ?? {}).sort(([a], [b]) => a.localeCompare(b)));
}

/** The root package.json and each workspace's, keyed by folder ('' for the root), as npm reads them. */
export function readManifests(root: string): Record<string, Manifest> {
  const read = (dir: string): Manifest =>
    JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Manifest;
  const rootManifest = read('');
  return Object.fromEntries([
    ['', rootManifest],
    ...(rootManifest.workspaces ?? []).map((dir) => [dir, read(dir)]),
  ]);
}

export const readLockfile = (root: string): Lockfile =>
  JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
