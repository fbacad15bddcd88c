/**
 * Images without a registry or a container engine: a static Go program (images/<name>/main.go, or
 * a tool of GO_TOOLS built static, such as CoreDNS) packed by this code as a docker-archive tar
 * (manifest.json, the image config with a numeric user so `runAsNonRoot` passes, one layer),
 * imported into containerd's `k8s.io` namespace with `ctr images import`. The tars are cached in
 * the tools cache, keyed on the source's digest (or the tool's version) and Go's version, so only
 * the first `cluster:up` on a machine builds them.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTool, GO_TOOLS, toolPath, TOOLS_CACHE, type ToolName } from '@mcat/runner/tools';
import type { ClusterLayout } from './layout';
import { tarArchive } from './tar';

export interface GoImage {
  /** The folder under images/ holding main.go (unless `tool`); also the binary's name, at /<name>. */
  program: string;
  /** A tool of GO_TOOLS (built static) in the place of images/<program>/main.go. */
  tool?: ToolName;
  /** The reference pods name it by, such as localhost/pause:1. */
  reference: string;
  /** The numeric user it runs as. */
  user: number;
}

export const PAUSE_IMAGE: GoImage = {
  program: 'pause',
  reference: 'localhost/pause:1',
  user: 65535,
};
/** CoreDNS, the clusters' DNS server (coredns.yaml). */
export const DNS_IMAGE: GoImage = {
  program: 'coredns',
  tool: 'coredns',
  reference: `localhost/coredns:${GO_TOOLS.coredns.version}`,
  user: 65532,
};
export const HELLO_IMAGE: GoImage = {
  program: 'hello',
  reference: 'localhost/hello:1',
  user: 65532,
};

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function buildStatic(program: string, out: string): void {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `mcat-image-${program}-`));
  try {
    fs.copyFileSync(path.join(__dirname, 'images', program, 'main.go'), path.join(work, 'main.go'));
    fs.writeFileSync(path.join(work, 'go.mod'), `module ${program}\n\ngo 1.22\n`);
    execFileSync('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', out, '.'], {
      cwd: work,
      env: { ...process.env, CGO_ENABLED: '0', GOWORK: 'off', GOFLAGS: '' },
      stdio: 'pipe',
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The docker-archive tar holding `binary` as /<program>, run as `user`. */
export function dockerArchive(image: GoImage, binary: Buffer): Buffer {
  const layer = tarArchive([{ name: image.program, mode: 0o755, data: binary }]);
  const layerId = sha256(layer);
  const config = Buffer.from(
    JSON.stringify({
      architecture: 'amd64',
      os: 'linux',
      config: { User: `${image.user}:${image.user}`, Entrypoint: [`/${image.program}`] },
      rootfs: { type: 'layers', diff_ids: [`sha256:${layerId}`] },
    }),
  );
  const configName = `${sha256(config)}.json`;
  const manifest = [
    { Config: configName, RepoTags: [image.reference], Layers: [`${layerId}/layer.tar`] },
  ];
  return tarArchive([
    { name: `${layerId}/`, mode: 0o755 },
    { name: `${layerId}/layer.tar`, mode: 0o644, data: layer },
    { name: configName, mode: 0o644, data: config },
    { name: 'manifest.json', mode: 0o644, data: Buffer.from(JSON.stringify(manifest)) },
  ]);
}

/** The image's docker-archive tar in the tools cache, built first if missing. */
export function ensureImageArchive(image: GoImage): string {
  const source = image.tool
    ? toolPath(image.tool)
    : fs.readFileSync(path.join(__dirname, 'images', image.program, 'main.go')).toString();
  const goVersion = execFileSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' }).trim();
  const key = sha256(`${goVersion}\n${image.reference}\n${image.user}\n${source}`);
  const file = path.join(TOOLS_CACHE, 'cluster-images', `${image.program}-${key.slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (image.tool) {
    const binary = fs.readFileSync(ensureTool(image.tool));
    fs.writeFileSync(`${file}.partial`, dockerArchive(image, binary));
    fs.renameSync(`${file}.partial`, file);
    return file;
  }
  const binary = `${file}.bin`;
  try {
    buildStatic(image.program, binary);
    fs.writeFileSync(`${file}.partial`, dockerArchive(image, fs.readFileSync(binary)));
    fs.renameSync(`${file}.partial`, file);
  } finally {
    fs.rmSync(binary, { force: true });
  }
  return file;
}

/** Imports a docker-archive tar into the node's containerd, where the kubelet finds it. */
export function importImage(layout: ClusterLayout, archive: string): void {
  execFileSync(
    'ctr',
    ['--address', layout.containerdSocket, '-n', 'k8s.io', 'images', 'import', archive],
    { stdio: 'pipe' },
  );
}
