/**
 * backup.enabled (helm/templates/backup.yaml): the scheduled backup and the suspended restore, what
 * they run, with which databases and where the archives go; the claim kept on uninstall or the
 * operator's own; the network policy letting the backup pods reach only the dependencies. The value
 * set `backup` also goes through every render, schema, pod security and API server test.
 */
import type { CronJob } from 'kubernetes-types/batch/v1';
import type { PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import { byKind, renderChart, RELEASE } from './support/chart';
import { environmentOf } from './support/environment';
import type { Policy } from './support/topology-policies';

const BACKUP = ['test/fixtures/values-backup.yaml'];
const MANAGED = ['test/fixtures/values-managed-dependencies.yaml'];

const cronJobs = (files: string[], sets: Record<string, string> = {}) => {
  const objects = renderChart(files, sets);
  const byName = new Map(
    byKind<CronJob>(objects, 'CronJob').map((job) => [job.metadata?.name ?? '', job]),
  );
  return {
    objects,
    backup: byName.get(`${RELEASE}-backup`),
    restore: byName.get(`${RELEASE}-restore`),
  };
};

const podOf = (job: CronJob | undefined) => {
  const pod = job?.spec?.jobTemplate.spec?.template.spec;
  if (!pod) throw new Error('no pod template');
  return pod;
};

describe('the backup CronJob', () => {
  it('is not rendered unless backup.enabled, nor its claim', () => {
    const { objects, backup, restore } = cronJobs([]);
    expect([backup, restore]).toEqual([undefined, undefined]);
    expect(byKind(objects, 'PersistentVolumeClaim')).toEqual([]);
  });

  it("runs the kit's backup command on schedule, in its time zone, one at a time", () => {
    const { backup } = cronJobs(BACKUP);
    expect(backup?.spec?.schedule).toBe('30 2 * * *');
    expect(backup?.spec?.timeZone).toBe('Europe/Paris');
    expect(backup?.spec?.suspend).toBeUndefined();
    expect(backup?.spec?.concurrencyPolicy).toBe('Forbid');
    const [container] = podOf(backup).containers;
    expect(container?.image).toMatch(/\/auth[:@]/);
    expect(container?.command).toEqual([
      'node',
      '/app/packages/service-kit/dist/backup/backup.cli.js',
      'backup',
    ]);
  });

  it("is given every service's database from the dependencies Secret, NATS and Redis, the archives' folder and how many to keep", () => {
    const { objects, backup } = cronJobs(BACKUP);
    const [container] = podOf(backup).containers;
    const env = environmentOf(container!, objects);
    expect(Object.fromEntries(env)).toEqual({
      BACKUP_DIR: '/backups',
      BACKUP_KEEP: '3',
      MONGO_URL_AUTH: 'mongodb://mongodb:27017/mcat_auth',
      MONGO_URL_TESTS: 'mongodb://mongodb:27017/mcat_tests',
      MONGO_URL_QUESTIONS: 'mongodb://mongodb:27017/mcat_questions',
      MONGO_URL_BILLING: 'mongodb://mongodb:27017/mcat_billing',
      NATS_URL: 'nats://nats:4222',
      REDIS_URL: 'redis://redis:6379',
    });
    expect(container?.volumeMounts).toEqual(
      expect.arrayContaining([{ name: 'backups', mountPath: '/backups' }]),
    );
  });

  it('writes to a claim of its own that helm uninstall keeps, or to the operator’s claim', () => {
    const own = cronJobs(BACKUP, { 'backup.persistence.size': '20Gi' });
    const [claim] = byKind<PersistentVolumeClaim>(own.objects, 'PersistentVolumeClaim');
    expect(claim?.metadata?.name).toBe(`${RELEASE}-backup`);
    expect(claim?.metadata?.annotations?.['helm.sh/resource-policy']).toBe('keep');
    expect(claim?.spec?.resources?.requests?.storage).toBe('20Gi');
    expect(podOf(own.backup).volumes).toContainEqual({
      name: 'backups',
      persistentVolumeClaim: { claimName: `${RELEASE}-backup` },
    });

    const theirs = cronJobs(BACKUP, { 'backup.persistence.existingClaim': 'nightly-archives' });
    expect(byKind(theirs.objects, 'PersistentVolumeClaim')).toEqual([]);
    for (const job of [theirs.backup, theirs.restore]) {
      expect(podOf(job).volumes).toContainEqual({
        name: 'backups',
        persistentVolumeClaim: { claimName: 'nightly-archives' },
      });
    }
  });

  it('has a restore beside it that never runs on its own and is not retried', () => {
    const { backup, restore } = cronJobs(BACKUP);
    expect(restore?.spec?.suspend).toBe(true);
    expect(restore?.spec?.jobTemplate.spec?.backoffLimit).toBe(0);
    expect(podOf(restore).containers[0]?.command).toEqual([
      'node',
      '/app/packages/service-kit/dist/backup/backup.cli.js',
      'restore',
    ]);
    expect(podOf(restore).volumes).toEqual(podOf(backup).volumes);
  });

  it('gets the CA bundle and the NATS credentials file of managed dependencies, like the services', () => {
    const { objects, backup } = cronJobs([...MANAGED, ...BACKUP]);
    const [container] = podOf(backup).containers;
    const env = environmentOf(container!, objects);
    expect(env.get('NODE_EXTRA_CA_CERTS')).toBe('/etc/mcat-logbook/dependencies-ca/ca.crt');
    expect(env.has('NATS_CREDS_FILE')).toBe(true);
  });

  it('may reach MongoDB, NATS, Redis and DNS only, and nobody may reach it', () => {
    const { objects } = cronJobs(BACKUP);
    const policies = byKind<Policy>(objects, 'NetworkPolicy');
    const reaching = policies
      .filter((policy) =>
        (policy.spec.podSelector.matchExpressions ?? []).some(
          (expression) =>
            expression.key === 'app.kubernetes.io/component' &&
            (expression.values ?? []).includes('backup'),
        ),
      )
      .map((policy) => policy.metadata.name.replace(`${RELEASE}-egress-`, ''))
      .sort();
    expect(reaching).toEqual(['dns', 'mongodb', 'nats', 'redis']);
    const admitting = policies.filter(
      (policy) =>
        policy.spec.policyTypes.includes('Ingress') &&
        policy.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === 'backup',
    );
    expect(admitting).toEqual([]);
  });
});
