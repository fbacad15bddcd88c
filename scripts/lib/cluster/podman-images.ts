/**
 * Images from podman's storage into the node's containerd, without a registry: `podman save
 * --format docker-archive` piped into `ctr -n k8s.io images import -` (the path the pause image
 * takes, scripts/lib/cluster/images.ts). Keyed on podman's image id: the id each import brought is
 * recorded in `<cluster>/state/images/`, and an image whose id has not changed since is not
 * imported again. See docs/adr/0015-one-node-cluster.md, "The product on the cluster".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ClusterLayout } from './layout';

export interface ImportResult {
  reference: string;
  /** The tag naming this image id, `id-<12 hex digits>`, under which containerd holds it too. */
  idTag: string;
  /** False when containerd already held this image id. */
  imported: boolean;
  seconds: number;
}

function podmanImageId(reference: string): string {
  const result = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', reference], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `podman has no image ${reference} (build it with npm run images): ${result.stderr.trim()}`,
    );
  }
  return result.stdout.trim();
}

const recordFile = (layout: ClusterLayout, reference: string) =>
  path.join(layout.state, 'images', reference.replace(/[^A-Za-z0-9._-]/g, '_'));

function containerdHas(layout: ClusterLayout, reference: string): boolean {
  const result = spawnSync(
    'ctr',
    ['--address', layout.containerdSocket, '-n', 'k8s.io', 'images', 'ls', '-q'],
    { encoding: 'utf8' },
  );
  return result.stdout.split('\n').includes(reference);
}

const repositoryOf = (reference: string) => reference.slice(0, reference.lastIndexOf(':'));

/** Imports `reference` from podman unless containerd already holds the same image id. */
export function importPodmanImage(layout: ClusterLayout, reference: string): ImportResult {
  const started = Date.now();
  const id = podmanImageId(reference);
  const idTag = `id-${id.replace(/^sha256:/, '').slice(0, 12)}`;
  const pinned = `${repositoryOf(reference)}:${idTag}`;
  const record = recordFile(layout, reference);
  const recorded = fs.existsSync(record) ? fs.readFileSync(record, 'utf8') : null;
  if (recorded === id && containerdHas(layout, pinned)) {
    return { reference, idTag, imported: false, seconds: (Date.now() - started) / 1000 };
  }
  const command = [
    'set -o pipefail;',
    'podman save --format docker-archive "$1"',
    '| ctr --address "$2" -n k8s.io images import -',
  ].join(' ');
  const result = spawnSync('bash', ['-c', command, 'import', reference, layout.containerdSocket], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`Importing ${reference} into containerd failed: ${result.stderr.trim()}`);
  }
  const tag = spawnSync(
    'ctr',
    [
      '--address',
      layout.containerdSocket,
      '-n',
      'k8s.io',
      'images',
      'tag',
      '--force',
      reference,
      pinned,
    ],
    { encoding: 'utf8' },
  );
  if (tag.status !== 0 || !containerdHas(layout, pinned)) {
    throw new Error(
      `containerd does not list ${pinned} after importing ${reference}: ${tag.stderr}`,
    );
  }
  fs.mkdirSync(path.dirname(record), { recursive: true });
  fs.writeFileSync(record, id);
  return { reference, idTag, imported: true, seconds: (Date.now() - started) / 1000 };
}
