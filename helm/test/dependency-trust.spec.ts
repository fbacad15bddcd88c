/**
 * The CA bundle, the NATS credentials file and the extra volumes (dependencies.caBundle,
 * dependencies.nats.credentials, workloadDefaults.extraVolumes): which pods get which file, where,
 * and under which variable; values-managed-dependencies.yaml is also checked on the API server
 * with the other value sets (api-server.spec.ts).
 */
import type { Volume } from 'kubernetes-types/core/v1';
import { componentOf, renderChart, runHelm, templateArgs } from './support/chart';
import { environmentOf } from './support/environment';
import { podTemplates, type PodTemplate } from './support/pods';

const MANAGED = ['test/fixtures/values-managed-dependencies.yaml'];
const WITH_NATS = ['auth', 'tests', 'questions', 'billing'];

/** Each pod (Deployments by component, migration Jobs as `<service>-migrate`) and what it gets. */
function pods(files: string[], sets: Record<string, string> = {}) {
  const objects = renderChart(files, sets);
  const nameOf = (pod: PodTemplate) =>
    pod.labels['mcat-logbook/migrates']
      ? `${pod.labels['mcat-logbook/migrates']}-migrate`
      : pod.owner.kind === 'Deployment'
        ? String(componentOf(pod.labels))
        : null;
  return podTemplates(objects)
    .map((pod) => ({ name: nameOf(pod), pod }))
    .filter((entry): entry is { name: string; pod: PodTemplate } => entry.name !== null)
    .map(({ name, pod }) => {
      const container = pod.spec.containers[0]!;
      const env = environmentOf(container, objects);
      const volumes = new Map((pod.spec.volumes ?? []).map((volume) => [volume.name, volume]));
      /** The volume and key a file path is read from, through the container's mounts. */
      const fileSource = (file: string) => {
        const mount = (container.volumeMounts ?? []).find((candidate) =>
          file.startsWith(`${candidate.mountPath}/`),
        );
        if (!mount) return null;
        const volume = volumes.get(mount.name) as Volume;
        const relative = file.slice(mount.mountPath.length + 1);
        const items = volume.secret?.items ?? volume.configMap?.items ?? [];
        return {
          secret: volume.secret?.secretName,
          configMap: volume.configMap?.name,
          key: items.find((item) => item.path === relative)?.key,
          readOnly: mount.readOnly === true,
        };
      };
      const fileOf = (variable: string) => {
        const value = env.get(variable);
        return typeof value === 'string' ? fileSource(value) : null;
      };
      return {
        name,
        caBundle: fileOf('NODE_EXTRA_CA_CERTS'),
        natsCreds: fileOf('NATS_CREDS_FILE'),
        hasVariable: (variable: string) => env.has(variable),
        volumeNames: [...volumes.keys()].sort(),
        mountPaths: (container.volumeMounts ?? []).map((mount) => mount.mountPath).sort(),
      };
    });
}

describe('the dependencies of a release with TLS and authentication', () => {
  it('mounts nothing and sets neither variable when no bundle or credentials are given', () => {
    for (const pod of pods([])) {
      expect({
        name: pod.name,
        ca: pod.hasVariable('NODE_EXTRA_CA_CERTS'),
        creds: pod.hasVariable('NATS_CREDS_FILE'),
      }).toEqual({ name: pod.name, ca: false, creds: false });
      expect(pod.volumeNames).not.toContain('dependencies-ca');
      expect(pod.volumeNames).not.toContain('nats-credentials');
    }
  });

  it('gives the CA bundle to every pod that reaches a dependency, from the named ConfigMap key', () => {
    const rendered = pods(MANAGED);
    const reaching = [
      'gateway',
      'mailer',
      ...WITH_NATS,
      ...WITH_NATS.map((service) => `${service}-migrate`),
    ].sort();
    expect(
      rendered
        .filter((pod) => pod.caBundle !== null)
        .map((pod) => pod.name)
        .sort(),
    ).toEqual(reaching);
    for (const pod of rendered.filter((candidate) => candidate.caBundle !== null)) {
      expect(pod.caBundle).toEqual({
        secret: undefined,
        configMap: 'private-ca',
        key: 'bundle.pem',
        readOnly: true,
      });
    }
    // The web app's server reaches no dependency.
    expect(
      rendered.find((pod) => pod.name === 'frontend')?.hasVariable('NODE_EXTRA_CA_CERTS'),
    ).toBe(false);
  });

  it('gives the NATS credentials file to the services with NATS and their migrations only', () => {
    const holders = pods(MANAGED)
      .filter((pod) => pod.natsCreds !== null)
      .map((pod) => ({ name: pod.name, natsCreds: pod.natsCreds }));
    const expected = [...WITH_NATS, ...WITH_NATS.map((service) => `${service}-migrate`)].sort();
    expect(holders.map((holder) => holder.name).sort()).toEqual(expected);
    for (const holder of holders) {
      expect(holder.natsCreds).toEqual({
        secret: 'nats-user',
        configMap: undefined,
        key: 'user.creds',
        readOnly: true,
      });
    }
  });

  it('reads the bundle from a Secret when existingSecret names one', () => {
    const [auth] = pods([], {
      'dependencies.caBundle.existingSecret': 'private-ca',
    }).filter((pod) => pod.name === 'auth');
    expect(auth?.caBundle).toEqual({
      secret: 'private-ca',
      configMap: undefined,
      key: 'ca.crt',
      readOnly: true,
    });
    expect(auth?.hasVariable('NATS_CREDS_FILE')).toBe(false);
  });

  it("adds the extra volumes and mounts to each deployable, a deployable's own list replacing them", () => {
    const byName = new Map(pods(MANAGED).map((pod) => [pod.name, pod]));
    for (const service of WITH_NATS) {
      expect(byName.get(service)?.volumeNames).toContain('mongo-client');
      expect(byName.get(service)?.mountPaths).toContain('/etc/mcat-logbook/mongo-client');
    }
    for (const own of ['gateway', 'mailer']) {
      expect(byName.get(own)?.volumeNames).not.toContain('mongo-client');
    }
  });

  it('refuses a bundle named as both a Secret and a ConfigMap, and a key that is not a key', () => {
    const both = runHelm(
      templateArgs(MANAGED, { 'dependencies.caBundle.existingSecret': 'private-ca' }),
    );
    expect(both.status).not.toBe(0);
    expect(both.stderr).toContain(
      'dependencies.caBundle: set existingSecret or existingConfigMap, not both',
    );
    const badKey = runHelm(templateArgs([], { 'dependencies.nats.credentials.key': '../creds' }));
    expect(badKey.status).not.toBe(0);
    expect(badKey.stderr).toContain("at '/dependencies/nats/credentials/key'");
  });
});
