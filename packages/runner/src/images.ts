/**
 * `npm run images [-- <name>...] [--base-only]`: builds the product's images with podman, offline
 * and without a registry. The base images come first, made once per machine (packages/runner/src/image-cache.ts):
 *   localhost/mcat-base        Debian bookworm minbase + tini (mmdebstrap, podman import)
 *   localhost/mcat-node        + Node's Linux binary and a user 1000 (what the services run on)
 *   localhost/mcat-node-build  + npm (the build stages only)
 *   localhost/mcat-web         Debian bookworm minbase + nginx-light and its Brotli static module
 *                              (what the web app runs on)
 * then each product image `localhost/mcat-logbook/<name>:dev` from the root Dockerfile (ARG SERVICE)
 * or frontend/Dockerfile, with `--pull=never --network=none`: npm ci reads the machine's npm cache,
 * mounted as an overlay (any `npm ci` of this lock on the machine has filled it). Prints each
 * step's time and each image's size.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureNodeDistribution,
  ensureNpm,
  ensureNpmCacheFor,
  ensureRootfs,
  NODE_VERSION,
  type Rootfs,
} from './image-cache';
import { imageSourceKey, SOURCE_LABEL } from './image-sources';
import { REPO_ROOT } from './ports';

export const log = (line: string) => process.stdout.write(`[images] ${line}\n`);

export const PRODUCT_IMAGES = {
  gateway: 'gateway',
  auth: 'services/auth',
  tests: 'services/tests',
  questions: 'services/questions',
  billing: 'services/billing',
  mailer: 'services/mailer',
  frontend: 'frontend',
} as const;
export type ImageName = keyof typeof PRODUCT_IMAGES;

export const productImage = (name: ImageName) => `localhost/mcat-logbook/${name}:dev`;

const BASE_ROOTFS: Rootfs = { name: 'base', include: ['tini'] };
const WEB_ROOTFS: Rootfs = {
  name: 'web',
  include: ['nginx-light', 'libnginx-mod-http-brotli-static'],
};

/** The stable tags the Dockerfiles name by default. */
export const NODE_IMAGE = `localhost/mcat-node:${NODE_VERSION}`;
export const BUILD_IMAGE = `localhost/mcat-node-build:${NODE_VERSION}`;
export const WEB_IMAGE = 'localhost/mcat-web:bookworm';

function podman(args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync('podman', args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', options.quiet ? 'pipe' : 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`podman ${args.join(' ')} failed (${result.status})`);
  return (result.stdout ?? '').trim();
}

export const imageExists = (image: string): boolean =>
  spawnSync('podman', ['image', 'exists', image], { stdio: 'ignore' }).status === 0;

const timings: [string, number][] = [];

function timed<T>(step: string, run: () => T): T {
  const started = Date.now();
  const result = run();
  timings.push([step, (Date.now() - started) / 1000]);
  return result;
}

/** Imports a cached root filesystem tar as `<repository>:<its cache key>`, tagged `alias` too. */
export function importRootfs(rootfs: Rootfs, repository: string, alias: string): string {
  const tar = timed(`${rootfs.name} root filesystem`, () => ensureRootfs(rootfs, log));
  const image = `${repository}:${path.basename(tar, '.tar')}`;
  if (!imageExists(image)) {
    timed(`podman import ${rootfs.name}`, () => podman(['import', tar, image], { quiet: true }));
  }
  podman(['tag', image, alias]);
  return image;
}

/** Builds `image` from a Dockerfile written into a folder with the given files, unless it exists. */
export function buildFromFiles(
  image: string,
  dockerfile: string,
  files: Record<string, string>,
): void {
  if (imageExists(image)) return;
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-image-'));
  try {
    for (const [name, source] of Object.entries(files)) {
      fs.cpSync(source, path.join(context, name), { recursive: true });
    }
    fs.writeFileSync(path.join(context, 'Dockerfile'), dockerfile);
    timed(`build ${image}`, () =>
      podman(['build', '--pull=never', '--network=none', '-t', image, context]),
    );
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
}

export function buildBaseImages(): void {
  const base = importRootfs(BASE_ROOTFS, 'localhost/mcat-base', 'localhost/mcat-base:bookworm');
  const node = ensureNodeDistribution(log);
  const nodeImage = `${NODE_IMAGE}-${base.split(':')[1]}`;
  buildFromFiles(
    nodeImage,
    [
      `FROM ${base}`,
      'COPY node /usr/local/bin/node',
      'COPY LICENSE /usr/local/share/doc/node/LICENSE',
      "RUN echo 'app:x:1000:1000:MCAT Logbook:/nonexistent:/usr/sbin/nologin' >> /etc/passwd \\",
      " && echo 'app:x:1000:' >> /etc/group && node --version",
      '',
    ].join('\n'),
    { node: node.binary, LICENSE: node.license },
  );
  podman(['tag', nodeImage, NODE_IMAGE]);
  const npm = ensureNpm(log);
  buildFromFiles(
    `${BUILD_IMAGE}-${base.split(':')[1]}`,
    [
      `FROM ${nodeImage}`,
      'COPY npm /usr/local/lib/node_modules/npm',
      'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
      ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx && npm --version',
      '',
    ].join('\n'),
    { npm },
  );
  podman(['tag', `${BUILD_IMAGE}-${base.split(':')[1]}`, BUILD_IMAGE]);
  importRootfs(WEB_ROOTFS, 'localhost/mcat-web', WEB_IMAGE);
}

/**
 * Open files for the build's containers: podman's default is below what npm ci opens at once here
 * (EMFILE), and a limit above the machine's hard limit is refused.
 */
function nofileLimit(): string[] {
  const hard = execFileSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  const value = hard === 'unlimited' ? 65536 : Math.min(Number(hard), 65536);
  return ['--ulimit', `nofile=${value}:${value}`];
}

const npmCache = () =>
  execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', cwd: REPO_ROOT }).trim();

const imageLabel = (image: string, label: string): string | null => {
  if (!imageExists(image)) return null;
  const format = `{{index .Labels ${JSON.stringify(label)}}}`;
  return podman(['image', 'inspect', '--format', format, image], { quiet: true }) || null;
};

const imageId = (image: string) =>
  podman(['image', 'inspect', '--format', '{{.Id}}', image], { quiet: true });

/** Where a product image's sources come from and what it is tagged. */
export interface ImageBuild {
  /** The folder holding the repository's files (another tree for a changed build). */
  root: string;
  /** The image's reference. */
  image: string;
}

/**
 * Builds the product image unless the one podman has was built from the same sources on the same
 * bases (its SOURCE_LABEL, packages/runner/src/image-sources.ts).
 */
export function buildProductImage(
  name: ImageName,
  { root, image }: ImageBuild = { root: REPO_ROOT, image: productImage(name) },
): void {
  const workspace = PRODUCT_IMAGES[name];
  const dockerfile = name === 'frontend' ? 'frontend/Dockerfile' : 'Dockerfile';
  const bases = name === 'frontend' ? [BUILD_IMAGE, WEB_IMAGE] : [BUILD_IMAGE, NODE_IMAGE];
  const key = imageSourceKey(root, workspace, bases.map(imageId));
  if (imageLabel(image, SOURCE_LABEL) === key) {
    log(`${image}: sources unchanged, not rebuilt`);
    return;
  }
  const args = [
    'build',
    '--pull=never',
    '--network=none',
    '--label',
    `${SOURCE_LABEL}=${key}`,
    // podman 4.3 (buildah 1.28) reused a cached `COPY ${SERVICE}/...` layer of another workspace
    // (services/tests got a build stage without its tsconfig): every product image builds whole.
    '--no-cache',
    ...nofileLimit(),
    '--volume',
    `${npmCache()}:/root/.npm:O`,
    '-f',
    path.join(root, dockerfile),
    '--build-arg',
    `BUILD_IMAGE=${BUILD_IMAGE}`,
    ...(name === 'frontend'
      ? ['--build-arg', `WEB_IMAGE=${WEB_IMAGE}`]
      : ['--build-arg', `NODE_IMAGE=${NODE_IMAGE}`, '--build-arg', `SERVICE=${workspace}`]),
    '-t',
    image,
    root,
  ];
  timed(`build ${image}`, () => podman(args));
}

export const imageSize = (image: string): number =>
  Number(podman(['image', 'inspect', '--format', '{{.Size}}', image], { quiet: true }));

/** `npm run images [-- <name>...] [--base-only]` (scripts/images.ts). */
export function main(argv: string[]): void {
  const baseOnly = argv.includes('--base-only');
  const asked = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = asked.filter((name) => !(name in PRODUCT_IMAGES));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown image ${unknown.join(', ')}: use ${Object.keys(PRODUCT_IMAGES).join(', ')}`,
    );
  }
  const names = (asked.length > 0 ? asked : Object.keys(PRODUCT_IMAGES)) as ImageName[];
  buildBaseImages();
  if (!baseOnly) {
    const workspaces = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        workspaces: string[];
      }
    ).workspaces;
    timed('npm cache', () =>
      ensureNpmCacheFor(
        REPO_ROOT,
        workspaces.map((workspace) => `${workspace}/package.json`),
        log,
      ),
    );
    for (const name of names) buildProductImage(name);
  }
  for (const [step, seconds] of timings) log(`${step}: ${seconds.toFixed(1)} s`);
  const shown = [NODE_IMAGE, BUILD_IMAGE, WEB_IMAGE, ...(baseOnly ? [] : names.map(productImage))];
  for (const image of shown) log(`${image}: ${(imageSize(image) / 2 ** 20).toFixed(1)} MiB`);
}
