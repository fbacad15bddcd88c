/**
 * The chart's backup and restore on the shared cluster (issue 28, item 6; docs/operations.md,
 * "Backups on a cluster"), as an operator runs them: a backup Job made from the CronJob writes an
 * archive to the volume; a student's test is deleted; a restore refuses while the services run;
 * with the release's Deployments scaled to zero it puts the archive back; scaled up again, the
 * student signs in and the test is there with its missed question.
 */
import fs from 'node:fs';
import type { Question, Test } from '@mcat/contracts';
import { login, register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';
import { backupFolder } from '../src/backup-volume';
import type { Cluster } from '../src/cluster';
import { waitFor } from '../src/daemons';
import { NAMESPACE, RELEASE, type ProductInstall } from '../src/product';
import { testCluster } from './test-cluster';

jest.setTimeout(20 * 60_000);

let cluster: Cluster;
let product: ProductInstall;
let gateway: GatewayClient;
const log = (line: string) => process.stdout.write(`[backup.spec] ${line}\n`);

beforeAll(async () => {
  const shared = await testCluster(log);
  cluster = shared.cluster;
  product = shared.product;
  gateway = new GatewayClient(product.gatewayUrl, '127.0.0.1');
});

/** The Jobs this file makes: deleted after it, so the failed one leaves no failed pod behind. */
const JOBS = {
  backup: 'backup-by-hand',
  refusedRestore: 'restore-while-running',
  restore: 'restore-stopped',
};

afterAll(() => {
  kubectl([
    'delete',
    'job',
    ...Object.values(JOBS),
    '--ignore-not-found',
    '--cascade=foreground',
    '--timeout=120s',
  ]);
});

function kubectl(args: string[]): { ok: boolean; out: string } {
  const result = cluster.kubectl(['-n', NAMESPACE, ...args]);
  return { ok: result.status === 0, out: `${result.stdout}${result.stderr}`.trim() };
}

function kubectlOut(args: string[]): string {
  const { ok, out } = kubectl(args);
  if (!ok) throw new Error(`kubectl ${args.join(' ')}: ${out}`);
  return out;
}

/** Makes a Job from one of the chart's CronJobs and waits for it to end; its outcome and logs. */
async function runFromCronJob(
  cronJob: 'backup' | 'restore',
  job: string,
): Promise<{ succeeded: boolean; logs: string }> {
  kubectlOut(['create', 'job', job, `--from=cronjob/${RELEASE}-${cronJob}`]);
  let status: { succeeded?: number; failed?: number } = {};
  await waitFor(
    `job ${job} to end`,
    () => {
      status = JSON.parse(kubectlOut(['get', 'job', job, '-o', 'jsonpath={.status}']) || '{}') as {
        succeeded?: number;
        failed?: number;
      };
      return (status.succeeded ?? 0) > 0 || (status.failed ?? 0) > 0;
    },
    300_000,
  );
  const logs = kubectlOut(['logs', `job/${job}`]);
  log(`${job}: ${logs}`);
  return { succeeded: (status.succeeded ?? 0) > 0, logs };
}

/** Every Deployment of the release and its replicas now. */
const deploymentReplicas = (): Map<string, number> =>
  new Map(
    kubectlOut([
      'get',
      'deployments',
      '-l',
      `app.kubernetes.io/instance=${RELEASE}`,
      '-o',
      'jsonpath={range .items[*]}{.metadata.name}={.spec.replicas}{"\\n"}{end}',
    ])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, replicas] = line.split('=');
        return [name ?? '', Number(replicas)];
      }),
  );

const releasePodCount = (): number =>
  kubectlOut([
    'get',
    'pods',
    '-l',
    `app.kubernetes.io/instance=${RELEASE},app.kubernetes.io/component!=backup`,
    '--field-selector=status.phase=Running',
    '-o',
    'name',
  ])
    .split('\n')
    .filter((line) => line.startsWith('pod/')).length;

describe("the chart's backup and restore, on the cluster", () => {
  it('backs up, and after a test is deleted, restores it once the services are stopped', async () => {
    const student = await register(gateway);
    const test = await createTest(gateway, student.token, TEST_SAMPLES[0]);
    const question = await gateway.post<Question>(
      '/api/questions',
      questionBody(test._id),
      student.token,
    );
    expect(question.status).toBe(201);

    const backup = await runFromCronJob('backup', JOBS.backup);
    expect(backup.succeeded).toBe(true);
    const written = /Backup written to \/backups\/(mcat-logbook-[\w-]+\.tar\.gz)/.exec(backup.logs);
    expect(written?.[1]).toBeDefined();
    expect(fs.existsSync(`${backupFolder(cluster)}/${written?.[1]}`)).toBe(true);

    expect((await gateway.delete(`/api/tests/${test._id}`, student.token)).status).toBe(200);
    expect((await gateway.get(`/api/tests/${test._id}`, student.token)).status).toBe(404);

    const refused = await runFromCronJob('restore', JOBS.refusedRestore);
    expect(refused.succeeded).toBe(false);
    expect(refused.logs).toContain('The services are running');
    expect(refused.logs).toContain('Nothing was restored.');
    expect((await gateway.get(`/api/tests/${test._id}`, student.token)).status).toBe(404);

    const replicas = deploymentReplicas();
    kubectlOut([
      'scale',
      'deployment',
      '-l',
      `app.kubernetes.io/instance=${RELEASE}`,
      '--replicas=0',
    ]);
    await waitFor("the release's pods to end", () => releasePodCount() === 0, 180_000);
    try {
      const restore = await runFromCronJob('restore', JOBS.restore);
      expect(restore.succeeded).toBe(true);
      expect(restore.logs).toContain(`Restored /backups/${written?.[1]}`);
      expect(restore.logs).toMatch(/mcat_tests: \d+ collections, \d+ documents/);
    } finally {
      for (const [deployment, count] of replicas) {
        kubectlOut(['scale', 'deployment', deployment, `--replicas=${count}`]);
      }
      for (const deployment of replicas.keys()) {
        kubectlOut(['rollout', 'status', `deployment/${deployment}`, '--timeout=300s']);
      }
    }

    const signedIn = await login(gateway, student);
    const restored = await gateway.get<Test>(`/api/tests/${test._id}`, signedIn.token);
    expect(restored.status).toBe(200);
    expect(restored.body.source).toBe(TEST_SAMPLES[0]?.source);
    const questions = await gateway.get<Question[]>('/api/questions', signedIn.token);
    expect(questions.body.map((found) => found._id)).toEqual([question.body._id]);
    // The session from before the backup still works: its version was kept, not bumped.
    expect((await gateway.get(`/api/tests/${test._id}`, student.token)).status).toBe(200);
  });
});
