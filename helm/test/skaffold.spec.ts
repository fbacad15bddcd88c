import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  DEPLOYABLES,
  REPO_ROOT,
  RELEASE,
  NAMESPACE,
  byKind,
  parseManifests,
  renderChart,
  runHelm,
  templateArgs,
} from './support/chart';
import { podTemplates } from './support/pods';

interface SkaffoldConfig {
  apiVersion: string;
  build: {
    artifacts: {
      image: string;
      context: string;
      docker: { dockerfile: string; buildArgs?: Record<string, string> };
    }[];
  };
  manifests: {
    helm: {
      flags: { template: string[] };
      releases: {
        name: string;
        chartPath: string;
        namespace: string;
        setValueTemplates: Record<string, string>;
      }[];
    };
  };
  deploy: { helm: Record<string, unknown> };
  portForward: { resourceType: string; resourceName: string; namespace: string; port: number }[];
  profiles: { name: string; patches: { op: string; path: string; value: unknown }[] }[];
}

const skaffold = parse(
  fs.readFileSync(path.join(REPO_ROOT, 'skaffold.yaml'), 'utf8'),
) as SkaffoldConfig;
const release = skaffold.manifests.helm.releases[0]!;

/** A build as skaffold reports it to the chart: the tag, and the digest (empty when not pushed). */
interface Build {
  tag: string;
  digest: string;
}
const PUSHED: Build = { tag: 'a1b2c3d', digest: `sha256:${'0'.repeat(64)}` };
/** An image loaded straight into the cluster: tagged with its image ID, no registry digest. */
const LOCAL: Build = { tag: 'f'.repeat(64), digest: '' };
/** A local build of a commit whose short hash has only digits (about 1 commit in 27). */
const DIGITS: Build = { tag: '6129171', digest: '' };

/**
 * helm template with the values as skaffold v2 passes them: a trailing `@` stripped, and `--set`,
 * not `--set-string`, so an all-digit tag reaches the chart as a number.
 */
const templateAsSkaffold = (values: Record<string, string>): string[] => [
  ...templateArgs([]),
  ...Object.entries(values).map(([key, value]) => `--set=${key}=${value.replace(/@$/, '')}`),
];

/**
 * The values skaffold sets from setValueTemplates: each artifact's name as repository, the build's
 * tag and digest, as the raw expansion (a local build's ends in a bare `@`).
 */
const imageValues = (build: Build = PUSHED): Record<string, string> => {
  const values: Record<string, string> = {};
  for (const [key, template] of Object.entries(release.setValueTemplates)) {
    values[key] = template
      .replace(/\{\{\.IMAGE_REPO_([a-z_]+)\}\}/g, (_match, name: string) => {
        const artifact = skaffold.build.artifacts.find(
          (candidate) => candidate.image.replace(/[/-]/g, '_') === name,
        );
        if (!artifact) throw new Error(`${template} names no artifact`);
        return artifact.image;
      })
      .replace(/\{\{\.IMAGE_TAG_[a-z_]+\}\}/g, build.tag)
      .replace(/\{\{\.IMAGE_DIGEST_[a-z_]+\}\}/g, build.digest);
  }
  return values;
};

describe('skaffold.yaml', () => {
  it('uses the current config schema', () => {
    expect(skaffold.apiVersion).toMatch(/^skaffold\/v4beta\d+$/);
  });

  it('builds every artifact from an existing context and Dockerfile', () => {
    for (const artifact of skaffold.build.artifacts) {
      const context = path.join(REPO_ROOT, artifact.context);
      expect(fs.statSync(context).isDirectory()).toBe(true);
      expect(fs.existsSync(path.join(context, artifact.docker.dockerfile))).toBe(true);
    }
  });

  it('has one artifact per deployable: the root Dockerfile with its workspace, or the web app’s', () => {
    const builds = Object.fromEntries(
      skaffold.build.artifacts.map((artifact) => [
        artifact.image,
        { dockerfile: artifact.docker.dockerfile, buildArgs: artifact.docker.buildArgs },
      ]),
    );
    const expected = Object.fromEntries(
      DEPLOYABLES.map((name) => [
        `mcat-logbook/${name}`,
        name === 'frontend'
          ? { dockerfile: 'frontend/Dockerfile', buildArgs: undefined }
          : {
              dockerfile: 'Dockerfile',
              buildArgs: { SERVICE: name === 'gateway' ? 'gateway' : `services/${name}` },
            },
      ]),
    );
    expect(builds).toEqual(expected);
  });

  it('deploys the chart, whose pods use every artifact and nothing else', () => {
    expect(path.resolve(REPO_ROOT, release.chartPath)).toBe(path.join(REPO_ROOT, 'helm'));
    expect(release.name).toBe(RELEASE);
    const objects = renderChart([], imageValues());
    const images = new Set(
      podTemplates(objects)
        .filter((pod) => pod.owner.kind === 'Deployment')
        .flatMap((pod) => pod.spec.containers.map((container) => container.image?.split(':')[0])),
    );
    expect([...images].sort()).toEqual(
      skaffold.build.artifacts.map((artifact) => artifact.image).sort(),
    );
  });

  it.each([
    ['pushed to a registry', PUSHED, `:${PUSHED.tag}@${PUSHED.digest}`],
    ['built locally and never pushed (empty digest)', LOCAL, `:${LOCAL.tag}`],
    ['built locally from a commit whose short hash is all digits', DIGITS, `:${DIGITS.tag}`],
  ])('gives every pod the image skaffold built when it was %s', (_case, build, reference) => {
    const result = runHelm(templateAsSkaffold(imageValues(build)));
    expect(result.stderr).toBe('');
    const images = podTemplates(parseManifests(result.stdout))
      .filter((pod) => pod.owner.kind === 'Deployment')
      .flatMap((pod) => pod.spec.containers.map((container) => container.image))
      .sort();
    expect(images).toEqual(
      skaffold.build.artifacts.map((artifact) => `${artifact.image}${reference}`).sort(),
    );
  });

  it('reads a bare trailing `@` (the raw expansion of an unpushed build) as the tag alone', () => {
    const result = runHelm(templateArgs([], imageValues(LOCAL)));
    expect(result.stderr).toBe('');
    const images = podTemplates(parseManifests(result.stdout))
      .filter((pod) => pod.owner.kind === 'Deployment')
      .flatMap((pod) => pod.spec.containers.map((container) => container.image));
    expect(images.every((image) => image?.endsWith(`:${LOCAL.tag}`))).toBe(true);
  });

  it('has a dev profile that applies k8s/ and the dev values before the chart, and a prod profile', () => {
    const dev = skaffold.profiles.find((profile) => profile.name === 'dev');
    const prod = skaffold.profiles.find((profile) => profile.name === 'prod');
    const valuesOf = (profile: typeof dev) =>
      profile?.patches.find((patch) => patch.path.endsWith('/valuesFiles'))?.value as string[];
    expect(valuesOf(dev)).toEqual(['helm/values-dev.yaml']);
    expect(valuesOf(prod)).toEqual(['helm/values-prod.yaml']);
    for (const file of [...valuesOf(dev), ...valuesOf(prod)])
      expect(fs.existsSync(path.join(REPO_ROOT, file))).toBe(true);
    const hooks = dev?.patches.find((patch) => patch.path === '/deploy/helm/hooks')?.value as {
      before: { host: { command: string[] } }[];
    };
    expect(hooks.before[0]?.host.command).toEqual(['kubectl', 'apply', '-k', 'k8s']);
    expect(fs.existsSync(path.join(REPO_ROOT, 'k8s', 'kustomization.yaml'))).toBe(true);
    expect(prod?.patches.some((patch) => patch.path === '/deploy/helm/hooks')).toBe(false);
  });

  it('forwards a local port to the gateway Service', () => {
    const forward = skaffold.portForward.find((entry) => entry.resourceType === 'service');
    const services = byKind<{ metadata: { name: string }; spec: { ports: { port: number }[] } }>(
      renderChart([]),
      'Service',
    );
    const gateway = services.find((service) => service.metadata.name === forward?.resourceName);
    expect(gateway?.metadata.name).toBe(`${RELEASE}-gateway`);
    expect(gateway?.spec.ports.map((port) => port.port)).toContain(forward?.port);
    expect(forward?.namespace).toBe(NAMESPACE);
    expect(release.namespace).toBe(NAMESPACE);
  });
});
