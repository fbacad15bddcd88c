/**
 * The development cluster's dependencies (k8s/) as images built here, the product images' way
 * (@mcat/runner/images): from the local Debian base, with no registry and no network in the build.
 *   localhost/mcat-dev/ferretdb  the base + FerretDB's binary from the tools cache (SQLite handler; the
 *                                patched build of npm start, ADR 0026)
 *   localhost/mcat-dev/nats      Debian minbase + tini + bookworm's nats-server package
 *   localhost/mcat-dev/redis     Debian minbase + tini + bookworm's redis-server package
 *   localhost/mcat-dev/mailpit   the Node base image + Mailpit's binary from the tools cache (Node
 *                                stays for the cluster tests' connection probes, connectivity.ts)
 * packages/cluster/src/dependencies/ (a kustomize overlay of k8s/) names them. Each is built once: its tag holds a key of what went in.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { buildFromFiles, importRootfs, NODE_IMAGE } from '@mcat/runner/images';
import { GO_TOOLS, ensureTool } from '@mcat/runner/tools';

export const DEPENDENCY_IMAGES = {
  ferretdb: 'localhost/mcat-dev/ferretdb:local',
  nats: 'localhost/mcat-dev/nats:local',
  redis: 'localhost/mcat-dev/redis:local',
  mailpit: 'localhost/mcat-dev/mailpit:local',
} as const;

const key = (parts: unknown) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 12);

/** Builds `image` unless a build of the same inputs exists, then tags it as `alias`. */
function buildKeyed(alias: string, dockerfile: string, files: Record<string, string>): void {
  const contents = Object.values(files).map((file) =>
    createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
  );
  const image = `${alias.split(':')[0]}:${key([dockerfile, contents])}`;
  buildFromFiles(image, dockerfile, files);
  execFileSync('podman', ['tag', image, alias]);
}

function packageImage(name: 'nats' | 'redis', debianPackage: string, binary: string): void {
  const rootfs = importRootfs(
    { name: `dev-${name}`, include: ['tini', debianPackage] },
    `localhost/mcat-dev/${name}-rootfs`,
    `localhost/mcat-dev/${name}-rootfs:bookworm`,
  );
  buildKeyed(
    DEPENDENCY_IMAGES[name],
    [`FROM ${rootfs}`, `ENTRYPOINT ["/usr/bin/tini", "--", "${binary}"]`, ''].join('\n'),
    {},
  );
}

export function buildDependencyImages(log: (line: string) => void): void {
  const ferretdb = ensureTool('ferretdb', log);
  buildKeyed(
    DEPENDENCY_IMAGES.ferretdb,
    [
      'FROM localhost/mcat-base:bookworm',
      'COPY ferretdb /usr/local/bin/ferretdb',
      `LABEL org.opencontainers.image.version=${GO_TOOLS.ferretdb.version}`,
      // The same patched build as npm start's (docs/adr/0026-indexed-queries-on-ferretdb.md).
      `LABEL org.mcat-logbook.ferretdb.patch=${GO_TOOLS.ferretdb.patch.id}`,
      'ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/ferretdb"]',
      '',
    ].join('\n'),
    { ferretdb },
  );
  packageImage('nats', 'nats-server', '/usr/sbin/nats-server');
  packageImage('redis', 'redis-server', '/usr/bin/redis-server');
  const mailpit = ensureTool('mailpit', log);
  buildKeyed(
    DEPENDENCY_IMAGES.mailpit,
    [
      // On the Node base, not the bare one, so that `kubectl exec ... node` probes from this pod
      // outside the release, as the network policy test does (connectivity.ts).
      `FROM ${NODE_IMAGE}`,
      'COPY mailpit /usr/local/bin/mailpit',
      `LABEL org.opencontainers.image.version=${GO_TOOLS.mailpit.version}`,
      'USER 1000:1000',
      'ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/mailpit"]',
      '',
    ].join('\n'),
    { mailpit },
  );
}
