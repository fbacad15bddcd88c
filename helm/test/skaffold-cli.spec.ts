/**
 * skaffold itself (v2.16.1, built from the Go module proxy into the tools cache before jest starts)
 * reading skaffold.yaml: both profiles resolve, and `skaffold render` templates the chart with the
 * dev values into the objects `helm template` gives, each Deployment on the image skaffold would
 * build. Building the images needs a Docker daemon, which this machine lacks: `npm run images`
 * builds the same Dockerfiles with podman, and the cluster tests run what it built.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { toolPath } from '@mcat/test-support/stack';
import {
  DEPLOYABLES,
  helm,
  parseManifests,
  REPO_ROOT,
  renderChart,
  type KubeObject,
} from './support/chart';

let home: string;

beforeAll(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-skaffold-'));
});

afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

function skaffold(args: string[]) {
  const binary = toolPath('skaffold');
  if (!fs.existsSync(binary)) {
    throw new Error(`${binary} is missing: npm test builds it before jest starts`);
  }
  const result = spawnSync(binary, [...args, '--update-check=false'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: home,
      KUBECONFIG: path.join(home, 'no-kubeconfig'),
      // skaffold render runs `helm template` from the search path.
      PATH: `${path.dirname(helm())}:${process.env.PATH ?? ''}`,
    },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const identity = (object: KubeObject) => `${object.kind}/${object.metadata.name}`;

const deploymentImages = (objects: KubeObject[]): string[] =>
  objects
    .filter((object) => object.kind === 'Deployment')
    .map((deployment) => {
      const spec = deployment.spec as { template: { spec: { containers: { image: string }[] } } };
      return spec.template.spec.containers[0]?.image ?? '';
    })
    .sort();

describe('skaffold v2.16.1 on skaffold.yaml', () => {
  it.each([
    ['dev', 'values-dev.yaml'],
    ['prod', 'values-prod.yaml'],
  ])('resolves the %s profile to the chart with helm/%s', (profile, valuesFile) => {
    const result = skaffold(['diagnose', '-p', profile, '--yaml-only']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const config = parse(result.stdout) as {
      manifests: { helm: { releases: { chartPath: string; valuesFiles: string[] }[] } };
    };
    const [release] = config.manifests.helm.releases;
    expect(release?.chartPath).toBe(path.join(REPO_ROOT, 'helm'));
    expect(release?.valuesFiles).toEqual([path.join(REPO_ROOT, 'helm', valuesFile)]);
  });

  /** `skaffold render` of the dev profile with the images tagged `tag`: the Deployments' images. */
  const renderedImages = (tag: string) => {
    const result = skaffold([
      'render',
      '-p',
      'dev',
      '--digest-source=tag',
      '--offline=true',
      '-t',
      tag,
    ]);
    if (result.status !== 0) throw new Error(`skaffold render failed: ${result.stderr}`);
    const rendered = parseManifests(result.stdout);
    return { rendered, images: deploymentImages(rendered) };
  };

  it("renders the dev profile into the chart's objects, each Deployment on its artifact", () => {
    const { rendered, images } = renderedImages('a1b2c3d');
    expect(rendered.map(identity).sort()).toEqual(
      renderChart(['values-dev.yaml']).map(identity).sort(),
    );
    expect(images).toEqual(DEPLOYABLES.map((name) => `mcat-logbook/${name}:a1b2c3d`).sort());
  });

  it('renders a commit whose short hash is all digits (skaffold passes it to helm as a number)', () => {
    expect(renderedImages('6129171').images).toEqual(
      DEPLOYABLES.map((name) => `mcat-logbook/${name}:6129171`).sort(),
    );
  });
});
