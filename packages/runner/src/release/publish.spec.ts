/**
 * The release's code against a real registry (the CNCF Distribution registry of the tools cache,
 * on a loopback port): an image pushed and known by the digest the registry serves it under, the
 * chart packaged with that digest and the registry in its values, pushed, pulled back by helm from
 * `oci://` and rendered to pods that name the image by digest. Then what the release refuses.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { freePort, waitForPort } from '../infra';
import { ensureTool } from '../tools';
import { main } from './release-command';
import { CHART_DIR, changelogEntry, readChartRelease } from './chart-release';
import { publishRelease, stageChart, type PublishOptions, type Release } from './publish';

jest.setTimeout(5 * 60_000);

const IMAGE = 'localhost/mcat-release-test/gateway:1';

let work: string;
let registryProcess: ChildProcess;
let registry: string;
let options: PublishOptions;
let release: Release;

/** A one-file image made without a build: `podman import` of a tar (another each call). */
function makeImage(): void {
  const tree = fs.mkdtempSync(path.join(work, 'tree-'));
  fs.writeFileSync(path.join(tree, 'hello.txt'), `made at ${new Date().toISOString()}\n`);
  execFileSync('tar', ['-cf', path.join(work, 'image.tar'), '-C', tree, 'hello.txt']);
  execFileSync('podman', ['import', '--quiet', path.join(work, 'image.tar'), IMAGE]);
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-release-'));
  const port = await freePort();
  fs.writeFileSync(
    path.join(work, 'registry.yml'),
    [
      'version: 0.1',
      'log: { level: warn, accesslog: { disabled: true } }',
      `storage: { filesystem: { rootdirectory: ${JSON.stringify(path.join(work, 'data'))} } }`,
      `http: { addr: 127.0.0.1:${port} }`,
    ].join('\n'),
  );
  registryProcess = spawn(ensureTool('registry'), ['serve', path.join(work, 'registry.yml')], {
    env: { ...process.env, OTEL_TRACES_EXPORTER: 'none' },
    stdio: 'ignore',
  });
  await waitForPort(port, 30_000);
  registry = `127.0.0.1:${port}/mcat-logbook`;
  makeImage();
  const helmHome = path.join(work, 'helm');
  options = {
    registry,
    plainHttp: true,
    helm: ensureTool('helm'),
    env: {
      ...process.env,
      HELM_CACHE_HOME: path.join(helmHome, 'cache'),
      HELM_CONFIG_HOME: path.join(helmHome, 'config'),
      HELM_DATA_HOME: path.join(helmHome, 'data'),
    },
  };
  release = await publishRelease(
    readChartRelease(),
    { gateway: IMAGE },
    path.join(work, 'out'),
    options,
  );
});

afterAll(() => {
  registryProcess?.kill();
  spawnSync('podman', ['rmi', '--force', IMAGE], { stdio: 'ignore' });
  fs.rmSync(work, { recursive: true, force: true });
});

const helm = (args: string[]): string =>
  execFileSync(options.helm, args, { env: options.env, encoding: 'utf8' });

describe('a release into a registry', () => {
  it('pushes each image under the version, known by the digest the registry serves it by', async () => {
    const { version } = readChartRelease();
    expect(release.images.gateway?.reference).toBe(`${registry}/gateway:${version}`);
    const manifest = await fetch(
      `http://${registry.split('/')[0]}/v2/mcat-logbook/gateway/manifests/${version}`,
      {
        method: 'HEAD',
        headers: {
          accept: [
            'application/vnd.oci.image.manifest.v1+json',
            'application/vnd.docker.distribution.manifest.v2+json',
          ].join(', '),
        },
      },
    );
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('docker-content-digest')).toBe(release.images.gateway?.digest);
  });

  it('writes release.json naming the chart and every image by digest', () => {
    const written = JSON.parse(
      fs.readFileSync(path.join(work, 'out', 'release.json'), 'utf8'),
    ) as Release;
    expect(written).toEqual(release);
    expect(written.chart.reference).toBe(`oci://${registry}/charts/mcat-logbook`);
    expect(written.chart.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fs.existsSync(written.chart.file)).toBe(true);
  });

  it('publishes a chart whose values pin the released images, its comments kept', () => {
    const args = [release.chart.reference, '--version', release.version, '--plain-http'];
    const shown = helm(['show', 'values', ...args]);
    const values = parse(shown) as {
      image: { registry: string };
      gateway: { image: { digest: string } };
      auth: { image: { digest: string } };
    };
    expect(values.image.registry).toBe(registry);
    expect(values.gateway.image.digest).toBe(release.images.gateway?.digest);
    expect(values.auth.image.digest).toBe('');
    expect(shown).toContain('# -- Pins the image by digest (sha256:...); wins over the tag.');

    const rendered = parseAllDocuments(
      helm([
        'template',
        'mcat-logbook',
        ...args,
        '--namespace',
        'mcat',
        '--kube-version',
        '1.30.0',
      ]),
    ).map(
      (document) =>
        document.toJS() as { kind?: string; metadata?: { name: string } } & {
          spec?: { template?: { spec?: { containers?: { image: string }[] } } };
        },
    );
    const gateway = rendered.find(
      (object) => object.kind === 'Deployment' && object.metadata?.name === 'mcat-logbook-gateway',
    );
    expect(gateway?.spec?.template?.spec?.containers?.[0]?.image).toBe(
      `${registry}/gateway@${release.images.gateway?.digest}`,
    );
  });
});

describe("the released chart's values.yaml", () => {
  it("differs from the repository's in the registry and the digests only, line for line", () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const staged = stageChart(fs.mkdtempSync(path.join(work, 'stage-')), 'r.example/x', {
      gateway: digest,
      frontend: digest,
    });
    const before = fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8').split('\n');
    const after = fs.readFileSync(path.join(staged, 'values.yaml'), 'utf8').split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, index) => line !== before[index]);
    expect(changed).toEqual([
      '  registry: r.example/x',
      `    digest: '${digest}'`,
      `    digest: '${digest}'`,
    ]);
  });

  it('refuses an image the chart has no deployable for', () => {
    expect(() =>
      stageChart(fs.mkdtempSync(path.join(work, 'stage-')), 'r.example/x', { worker: 'sha256:1' }),
    ).toThrow('helm/values.yaml has no worker.image for the released image worker');
  });
});

describe('a version the registry already has', () => {
  const servedDigest = async () =>
    (
      await fetch(
        `http://${registry.split('/')[0]}/v2/mcat-logbook/gateway/manifests/${release.version}`,
        {
          method: 'HEAD',
          headers: { accept: 'application/vnd.oci.image.manifest.v1+json' },
        },
      )
    ).headers.get('docker-content-digest');

  it('is refused before anything is pushed, the released image left as it was', async () => {
    const before = await servedDigest();
    expect(before).toBe(release.images.gateway?.digest);
    makeImage();
    const out = path.join(work, 'again');
    await expect(
      publishRelease(readChartRelease(), { gateway: IMAGE }, out, options),
    ).rejects.toThrow(
      `mcat-logbook ${release.version} is already released to ${registry}: raise version and appVersion in helm/Chart.yaml (with its CHANGELOG.md entry) for a new release, or pass --replace to overwrite this one.`,
    );
    expect(await servedDigest()).toBe(before);
    expect(fs.existsSync(path.join(out, 'release.json'))).toBe(false);
  });

  it('is refused by npm run release before it builds, exit code 1', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await main(['--registry', registry, '--plain-http', '--no-build'], {
        ...options.env,
      });
      expect(code).toBe(1);
      expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain(
        'is already released to',
      );
    } finally {
      stderr.mockRestore();
    }
  });

  it('is overwritten with replace, the tag then naming the new image', async () => {
    const before = await servedDigest();
    const replaced = await publishRelease(
      readChartRelease(),
      { gateway: IMAGE },
      path.join(work, 'replaced'),
      { ...options, replace: true },
    );
    expect(replaced.images.gateway?.digest).not.toBe(before);
    expect(await servedDigest()).toBe(replaced.images.gateway?.digest);
  });
});

describe('what a release refuses', () => {
  const chartCopy = (chart: string, changelog: string) => {
    const dir = fs.mkdtempSync(path.join(work, 'chart-'));
    fs.writeFileSync(path.join(dir, 'Chart.yaml'), chart);
    fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), changelog);
    return () => readChartRelease(dir, path.join(dir, 'CHANGELOG.md'));
  };
  const entry = '## [1.2.3] - 2026-11-28\n\n### Fixed\n- A thing.\n\n## [1.2.2] - 2026-11-27\n';

  it('an image podman does not have, before pushing anything', async () => {
    await expect(
      publishRelease(
        readChartRelease(),
        { gateway: 'localhost/mcat-release-test/absent:1' },
        path.join(work, 'absent'),
        { ...options, replace: true },
      ),
    ).rejects.toThrow(
      'podman has no image localhost/mcat-release-test/absent:1: build it first (npm run images)',
    );
    expect(fs.existsSync(path.join(work, 'absent', 'release.json'))).toBe(false);
  });

  it('a chart whose appVersion is not its version', () => {
    const read = chartCopy('name: c\nversion: 1.2.3\nappVersion: "1.2.2"\n', entry);
    expect(read).toThrow('appVersion 1.2.2 differs from version 1.2.3');
  });

  it('a version without its CHANGELOG.md entry', () => {
    const read = chartCopy('name: c\nversion: 1.2.4\nappVersion: "1.2.4"\n', entry);
    expect(read).toThrow('CHANGELOG.md has no entry "## [1.2.4] - YYYY-MM-DD"');
  });

  it("reads a version's entry up to the next one", () => {
    expect(changelogEntry(entry, '1.2.3')).toBe('## [1.2.3] - 2026-11-28\n\n### Fixed\n- A thing.');
    expect(changelogEntry(entry, '1.2')).toBeNull();
  });

  it('a registry without a path, or with a scheme, before building anything', async () => {
    const errors: string[] = [];
    const write = jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => {
        errors.push(String(chunk));
        return true;
      });
    try {
      expect(await main(['--registry', 'registry.example.com'])).toBe(2);
      expect(await main(['--registry', 'https://registry.example.com/mcat'])).toBe(2);
      expect(await main(['--registry', 'registry.example.com/mcat', '--tag', 'x'])).toBe(2);
    } finally {
      write.mockRestore();
    }
    expect(errors.join('')).toContain('--registry must name a registry and a path');
    expect(errors.join('')).toContain("Unknown option '--tag'");
  });
});
