/**
 * The cluster's cgroup tree: one folder named after the cluster (kubelet's `cgroupRoot`) in every
 * cgroup hierarchy, under which kubelet puts every pod. Removing it is one depth-first `rmdir`
 * per hierarchy once no process is left in it.
 */
import fs from 'node:fs';
import path from 'node:path';

interface CgroupMount {
  dir: string;
  version: 1 | 2;
}

export function cgroupMounts(): CgroupMount[] {
  return fs
    .readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => {
      const fields = line.split(' ');
      const type = fields[fields.indexOf('-') + 1];
      return { dir: fields[4], type };
    })
    .filter(({ type }) => type === 'cgroup' || type === 'cgroup2')
    .map(({ dir, type }) => ({ dir, version: type === 'cgroup' ? 1 : 2 }));
}

/**
 * Makes the folder in every v1 hierarchy (kubelet's cgroupfs driver expects it in each), giving
 * cpuset's its parent's cpus and mems, which a new cpuset cgroup starts without.
 */
export function createCgroupRoot(root: string): void {
  for (const { dir, version } of cgroupMounts()) {
    if (version !== 1) continue;
    const folder = path.join(dir, root);
    fs.mkdirSync(folder, { recursive: true });
    for (const file of ['cpuset.cpus', 'cpuset.mems']) {
      const parent = path.join(dir, file);
      if (fs.existsSync(parent)) fs.writeFileSync(path.join(folder, file), fs.readFileSync(parent));
    }
  }
}

function removeTree(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) removeTree(path.join(folder, entry.name));
  }
  fs.rmdirSync(folder);
}

/** The cluster's folders in every hierarchy that has one (v1 and the unified one). */
export function cgroupFolders(root: string): string[] {
  return cgroupMounts()
    .map(({ dir }) => path.join(dir, root))
    .filter((folder) => fs.existsSync(folder));
}

export function removeCgroupRoot(root: string): void {
  for (const folder of cgroupFolders(root)) removeTree(folder);
}

/** Ids of the processes in the tree, in any hierarchy. */
export function cgroupProcesses(root: string): number[] {
  const pids = new Set<number>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(folder, entry.name));
    }
    const procs = fs.readFileSync(path.join(folder, 'cgroup.procs'), 'utf8');
    for (const pid of procs.split('\n').filter(Boolean)) pids.add(Number(pid));
  };
  for (const folder of cgroupFolders(root)) visit(folder);
  return [...pids];
}
