/**
 * A release into a registry: each product image pushed as `<registry>/<name>:<version>` and known
 * by the digest the registry answered; the chart packaged with `image.registry` and each
 * deployable's `image.digest` set to those, so that `helm install oci://<registry>/charts/<chart>
 * --version <version>` pulls exactly the images released with it; the chart pushed beside them;
 * `release.json` in the output folder saying what went where. Commands may be run through a
 * wrapper (`nsenter --net=...` for a registry reached inside a network namespace).
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseDocument } from 'yaml';
import { CHART_DIR, type ChartRelease } from './chart-release';

const execFileAsync = promisify(execFile);

export interface PublishOptions {
  /** Registry and path, `host[:port]/path`: where the images and the chart go, and are pulled from. */
  registry: string;
  /** The registry speaks HTTP, not HTTPS (a registry on a private network only). */
  plainHttp: boolean;
  /** helm's path. */
  helm: string;
  /** Each command's argv through this first (default: as it is). */
  wrap?: (argv: string[]) => string[];
  /** The commands' environment (helm's caches and registry logins among it). */
  env?: NodeJS.ProcessEnv;
  /**
   * Overwrite a version the registry already has (a test cluster's registry, released again from
   * the working tree). Without it, a released version is refused: its tags would move under the
   * clusters that installed it.
   */
  replace?: boolean;
  log?: (line: string) => void;
}

export interface PublishedImage {
  /** The local image it came from. */
  source: string;
  /** `<registry>/<name>:<version>`. */
  reference: string;
  digest: string;
}

export interface Release {
  version: string;
  registry: string;
  chart: { reference: string; version: string; digest: string; file: string };
  images: Record<string, PublishedImage>;
}

const DIGEST = /sha256:[0-9a-f]{64}/;

async function run(
  options: PublishOptions,
  argv: string[],
): Promise<{ stdout: string; stderr: string }> {
  const [command, ...args] = (options.wrap ?? ((plain: string[]) => plain))(argv);
  if (!command) throw new Error('No command to run');
  try {
    return await execFileAsync(command, args, {
      env: options.env ?? process.env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr = '' } = error as { stderr?: string };
    throw new Error(`${argv.slice(0, 2).join(' ')} failed: ${stderr.trim() || String(error)}`);
  }
}

/** Pushes a local image to `reference` (registry/name:tag); answers the digest it is known by. */
export async function pushImage(
  source: string,
  reference: string,
  options: PublishOptions,
): Promise<string> {
  const exists = spawnSync('podman', ['image', 'exists', source], { stdio: 'ignore' });
  if (exists.status !== 0) {
    throw new Error(`podman has no image ${source}: build it first (npm run images)`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-push-'));
  const digestFile = path.join(folder, 'digest');
  try {
    await run(options, [
      ...['podman', 'push', '--quiet', '--digestfile', digestFile],
      ...(options.plainHttp ? ['--tls-verify=false'] : []),
      ...[source, `docker://${reference}`],
    ]);
    const digest = fs.readFileSync(digestFile, 'utf8').trim();
    if (!DIGEST.test(digest)) throw new Error(`podman push ${reference} gave no digest: ${digest}`);
    return digest;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A copy of the chart in `stage` whose values.yaml names the released images: `image.registry`
 * and each deployable's `image.digest` (comments and order kept; helm package leaves out what
 * .helmignore names).
 */
export function stageChart(
  stage: string,
  registry: string,
  digests: Record<string, string>,
  chartDir: string = CHART_DIR,
): string {
  const staged = path.join(stage, path.basename(chartDir));
  fs.cpSync(chartDir, staged, { recursive: true });
  const valuesFile = path.join(staged, 'values.yaml');
  const values = parseDocument(fs.readFileSync(valuesFile, 'utf8'));
  values.setIn(['image', 'registry'], registry);
  for (const [name, digest] of Object.entries(digests)) {
    if (!values.hasIn([name, 'image'])) {
      throw new Error(`helm/values.yaml has no ${name}.image for the released image ${name}`);
    }
    values.setIn([name, 'image', 'digest'], digest);
  }
  fs.writeFileSync(valuesFile, values.toString({ lineWidth: 0, flowCollectionPadding: false }));
  return staged;
}

export class VersionReleasedError extends Error {
  constructor(chart: ChartRelease, registry: string) {
    super(
      `${chart.name} ${chart.version} is already released to ${registry}: raise version and ` +
        'appVersion in helm/Chart.yaml (with its CHANGELOG.md entry) for a new release, or pass ' +
        '--replace to overwrite this one.',
    );
  }
}

/**
 * Refuses (VersionReleasedError) when the registry already serves this version of the chart,
 * unless `options.replace`. A registry that cannot be asked counts as not having it: the push
 * that follows reports why it cannot reach it.
 */
export async function refuseReleasedVersion(
  chart: ChartRelease,
  options: PublishOptions,
): Promise<void> {
  if (options.replace) return;
  const released = await run(options, [
    ...[options.helm, 'show', 'chart', `oci://${options.registry}/charts/${chart.name}`],
    ...['--version', chart.version],
    ...(options.plainHttp ? ['--plain-http'] : []),
  ]).then(
    () => true,
    () => false,
  );
  if (released) throw new VersionReleasedError(chart, options.registry);
}

/** `helm package` of a chart folder into `out`; answers the archive's path. */
export async function packageChart(
  chart: string,
  out: string,
  options: PublishOptions,
): Promise<string> {
  const { stdout } = await run(options, [options.helm, 'package', chart, '--destination', out]);
  const archive = /saved it to: (\S+\.tgz)/.exec(stdout)?.[1];
  if (!archive) throw new Error(`helm package said no archive: ${stdout.trim()}`);
  return archive;
}

/** `helm push` of a chart archive to `oci://<registry>/charts`; answers its digest. */
export async function pushChart(archive: string, options: PublishOptions): Promise<string> {
  const { stdout, stderr } = await run(options, [
    ...[options.helm, 'push', archive, `oci://${options.registry}/charts`],
    ...(options.plainHttp ? ['--plain-http'] : []),
  ]);
  const digest = DIGEST.exec(`${stdout}\n${stderr}`)?.[0];
  if (!digest) throw new Error(`helm push gave no digest: ${stdout}${stderr}`);
  return digest;
}

/**
 * The release of `chart` (its version) with the local images `sources` (name: image): pushed,
 * packaged, pushed; `release.json` and the chart's archive written into `out`. A version the
 * registry already has is refused before anything is pushed (`replace` overwrites it).
 */
export async function publishRelease(
  chart: ChartRelease,
  sources: Record<string, string>,
  out: string,
  options: PublishOptions,
): Promise<Release> {
  const log = options.log ?? (() => undefined);
  await refuseReleasedVersion(chart, options);
  const images: Record<string, PublishedImage> = {};
  for (const [name, source] of Object.entries(sources)) {
    const started = Date.now();
    const reference = `${options.registry}/${name}:${chart.version}`;
    const digest = await pushImage(source, reference, options);
    images[name] = { source, reference, digest };
    log(`${reference}@${digest} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  fs.mkdirSync(out, { recursive: true });
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-release-'));
  try {
    const digests = Object.fromEntries(
      Object.entries(images).map(([name, image]) => [name, image.digest]),
    );
    const archive = await packageChart(stageChart(stage, options.registry, digests), out, options);
    const digest = await pushChart(archive, options);
    const release: Release = {
      version: chart.version,
      registry: options.registry,
      chart: {
        reference: `oci://${options.registry}/charts/${chart.name}`,
        version: chart.version,
        digest,
        file: archive,
      },
      images,
    };
    fs.writeFileSync(path.join(out, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
    log(`${release.chart.reference}:${chart.version}@${digest}`);
    return release;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
