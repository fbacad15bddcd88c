/**
 * `npm run release -- --registry <host[:port]/path> [--plain-http] [--out DIR] [--no-build] [--replace]`:
 * the release of the chart's version (helm/Chart.yaml, with its CHANGELOG.md entry). It builds the
 * seven images (npm run images), pushes each as `<registry>/<name>:<version>`, packages the chart
 * with those images pinned by digest, pushes it to `oci://<registry>/charts`, and writes the
 * archive and `release.json` (every reference and digest) into DIR, by default
 * `.data/releases/<version>/`. A version the registry already has is refused before the build,
 * unless --replace overwrites it. Log in first where the registry asks for it (`podman login`,
 * `helm registry login`). See docs/operations.md, "Releasing", and docs/adr/0032.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PRODUCT_IMAGES, productImage, type ImageName } from '../images';
import { REPO_ROOT, START_PROFILE } from '../ports';
import { readChartRelease } from './chart-release';
import { publishRelease, refuseReleasedVersion, VersionReleasedError } from './publish';
import { ensureTool } from '../tools';

const USAGE =
  'Usage: npm run release -- --registry <host[:port]/path> [--plain-http] [--out DIR] [--no-build] [--replace]';
export const log = (line: string) => process.stdout.write(`[release] ${line}\n`);

/** A registry and path as `host[:port]/path`, without a scheme. */
const REGISTRY = /^[a-z0-9.-]+(:\d+)?(\/[a-z0-9._-]+)+$/;

export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let options;
  try {
    options = parseArgs({
      args,
      options: {
        registry: { type: 'string' },
        'plain-http': { type: 'boolean', default: false },
        out: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  const registry = options.registry?.replace(/\/+$/, '');
  if (!registry || !REGISTRY.test(registry)) {
    process.stderr.write(
      `--registry must name a registry and a path, such as registry.example.com/mcat-logbook\n${USAGE}\n`,
    );
    return 2;
  }
  const chart = readChartRelease();
  const publishOptions = {
    registry,
    plainHttp: options['plain-http'],
    replace: options.replace,
    helm: ensureTool('helm', log),
    log,
  };
  log(`Releasing ${chart.name} ${chart.version} to ${registry}`);
  // Before the build: a version already released is refused in seconds, not after minutes.
  try {
    await refuseReleasedVersion(chart, publishOptions);
  } catch (error) {
    if (!(error instanceof VersionReleasedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  if (!options['no-build']) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/images.ts'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('npm run images failed: nothing was pushed');
  }
  const sources = Object.fromEntries(
    (Object.keys(PRODUCT_IMAGES) as ImageName[]).map((name) => [name, productImage(name)]),
  );
  const out = options.out
    ? path.resolve(env.INIT_CWD ?? process.cwd(), options.out)
    : path.join(START_PROFILE.dataDir, 'releases', chart.version);
  const release = await publishRelease(chart, sources, out, publishOptions);
  log(`Released ${chart.name} ${chart.version}: ${path.join(out, 'release.json')}`);
  log(
    `Install it: helm install <release> ${release.chart.reference} --version ${release.chart.version}${options['plain-http'] ? ' --plain-http' : ''}`,
  );
  return 0;
}
