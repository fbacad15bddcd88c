import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  ensureGeneratedSecret,
  type GeneratedSecret,
} from '../../packages/service-kit/src/cluster-secrets/generated-secret';
import type { KubernetesApi } from '../../packages/service-kit/src/cluster-secrets/kubernetes-api';
import { applyForReal, useApiServer } from './support/api-server';
import {
  CHART_DIR,
  NAMESPACE,
  RELEASE,
  VALUE_SETS,
  byKind,
  helm,
  renderChart,
  templateArgs,
  type KubeObject,
} from './support/chart';

const SECRET = `${RELEASE}-internal-api`;
const METRICS_SECRET = `${RELEASE}-metrics`;
const REMINDER_SECRET = `${RELEASE}-review-reminders`;
const TEMPLATES = path.join(CHART_DIR, 'templates');

const render = (files: string[]): string =>
  execFileSync(helm(), templateArgs(files), { cwd: CHART_DIR, encoding: 'utf8' });

describe('rendering for GitOps (Argo CD, Flux)', () => {
  it.each(Object.entries(VALUE_SETS))(
    'gives byte-identical output on two renders of the %s values',
    (_name, files) => {
      expect(render(files)).toBe(render(files));
    },
  );

  it('uses no template function that reads the cluster or makes a value up', () => {
    const impure =
      /\b(lookup|randAlphaNum|randAlpha|randNumeric|randAscii|randBytes|uuidv4|genPrivateKey|genCA|genSelfSignedCert|genSignedCert|now|htpasswd)\b/;
    const offending = fs
      .readdirSync(TEMPLATES)
      .filter((file) => impure.test(fs.readFileSync(path.join(TEMPLATES, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('renders no service credential: a hook Job creates it in the cluster', () => {
    const objects = renderChart([]);
    expect(byKind(objects, 'Secret').map((secret) => secret.metadata.name)).not.toContain(SECRET);
    const job = byKind(objects, 'Job').find((o) => o.metadata.name === `${RELEASE}-credentials`);
    expect(job?.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const migrations = byKind(objects, 'Job').filter((o) => o.metadata.name.includes('-migrate-'));
    const weight = (o: KubeObject) => Number(o.metadata.annotations?.['helm.sh/hook-weight']);
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations)
      expect(weight(job as KubeObject)).toBeLessThan(weight(migration));
  });

  it('makes only the Secrets the operator does not name, and no Job when all are named', () => {
    const secretsOf = (sets: Record<string, string>) =>
      byKind<
        KubeObject & {
          spec: { template: { spec: { containers: { env: { value: string }[] }[] } } };
        }
      >(renderChart([], sets), 'Job')
        .filter((o) => o.metadata.name === `${RELEASE}-credentials`)
        .map((job) =>
          (
            JSON.parse(job.spec.template.spec.containers[0]!.env[0]!.value) as { name: string }[]
          ).map((made) => made.name),
        );
    expect(secretsOf({})).toEqual([[SECRET, METRICS_SECRET, REMINDER_SECRET]]);
    expect(secretsOf({ 'internalApi.existingSecret': 'ops-internal-api' })).toEqual([
      [METRICS_SECRET, REMINDER_SECRET],
    ]);
    expect(
      secretsOf({
        'internalApi.existingSecret': 'ops-internal-api',
        'metrics.existingSecret': 'ops-metrics',
      }),
    ).toEqual([[REMINDER_SECRET]]);
    expect(
      secretsOf({
        'internalApi.existingSecret': 'ops-internal-api',
        'metrics.existingSecret': 'ops-metrics',
        'auth.reviewReminders.existingSecret': 'ops-review-reminders',
      }),
    ).toEqual([]);
  });
});

describe("the credentials Job's permissions, on a real API server", () => {
  const server = useApiServer();
  const namespace = `${NAMESPACE}-credentials`;
  const hookObjects = (): KubeObject[] =>
    renderChart([]).filter(
      (o) =>
        ['ServiceAccount', 'Role', 'RoleBinding'].includes(o.kind) &&
        o.metadata.name === `${RELEASE}-credentials`,
    );
  /** What the Job's pod holds: its service account's token and the cluster's CA. */
  const asTheJob = (serviceAccount: string): KubernetesApi => ({
    url: server().url,
    token: server().kubectl(['create', 'token', serviceAccount, '-n', namespace]).stdout.trim(),
    ca: fs.readFileSync(path.join(server().dir, 'ca.crt')),
  });
  const secret: GeneratedSecret = {
    namespace,
    name: SECRET,
    keys: ['INTERNAL_API_TOKEN'],
    labels: { 'app.kubernetes.io/component': 'internal-api' },
  };
  const storedValue = (key: string): string => {
    const read = server().kubectl(['get', 'secret', SECRET, '-n', namespace, '-o', 'json']);
    expect(read.status).toBe(0);
    const data = (JSON.parse(read.stdout) as { data: Record<string, string> }).data;
    return Buffer.from(data[key] ?? '', 'base64').toString('utf8');
  };

  beforeAll(() => {
    expect(server().kubectl(['create', 'namespace', namespace]).status).toBe(0);
    const applied = applyForReal(
      server(),
      namespace,
      hookObjects().map((o) =>
        o.kind === 'RoleBinding'
          ? {
              ...o,
              subjects: [{ kind: 'ServiceAccount', name: `${RELEASE}-credentials`, namespace }],
            }
          : o,
      ),
    );
    expect(applied.stderr).toBe('');
    expect(server().kubectl(['create', 'serviceaccount', 'stranger', '-n', namespace]).status).toBe(
      0,
    );
  });

  it('creates the Secret with a 48-character token on the first install', async () => {
    const outcome = await ensureGeneratedSecret(asTheJob(`${RELEASE}-credentials`), secret);
    expect(outcome).toEqual({ created: ['INTERNAL_API_TOKEN'], kept: [] });
    expect(storedValue('INTERNAL_API_TOKEN')).toMatch(/^[A-Za-z0-9_-]{48}$/);
  });

  it('keeps the token on every later run (an upgrade)', async () => {
    const before = storedValue('INTERNAL_API_TOKEN');
    const outcome = await ensureGeneratedSecret(asTheJob(`${RELEASE}-credentials`), secret);
    expect(outcome).toEqual({ created: [], kept: ['INTERNAL_API_TOKEN'] });
    expect(storedValue('INTERNAL_API_TOKEN')).toBe(before);
  });

  it('creates the metrics credential in a Secret of its own', async () => {
    const outcome = await ensureGeneratedSecret(asTheJob(`${RELEASE}-credentials`), {
      ...secret,
      name: METRICS_SECRET,
      keys: ['METRICS_TOKEN'],
    });
    expect(outcome).toEqual({ created: ['METRICS_TOKEN'], kept: [] });
  });

  it("creates the secret of the reminders' unsubscribe links in a Secret of its own", async () => {
    const outcome = await ensureGeneratedSecret(asTheJob(`${RELEASE}-credentials`), {
      ...secret,
      name: REMINDER_SECRET,
      keys: ['REVIEW_REMINDER_SECRET'],
    });
    expect(outcome).toEqual({ created: ['REVIEW_REMINDER_SECRET'], kept: [] });
  });

  it('adds a key a later chart version needs, and leaves the others as they are', async () => {
    const before = storedValue('INTERNAL_API_TOKEN');
    const outcome = await ensureGeneratedSecret(asTheJob(`${RELEASE}-credentials`), {
      ...secret,
      keys: ['INTERNAL_API_TOKEN', 'PREVIOUS_INTERNAL_API_TOKEN'],
    });
    expect(outcome).toEqual({
      created: ['PREVIOUS_INTERNAL_API_TOKEN'],
      kept: ['INTERNAL_API_TOKEN'],
    });
    expect(storedValue('INTERNAL_API_TOKEN')).toBe(before);
    expect(storedValue('PREVIOUS_INTERNAL_API_TOKEN')).toMatch(/^[A-Za-z0-9_-]{48}$/);
  });

  it('may not read any other Secret', async () => {
    const other = await ensureGeneratedSecret(asTheJob(`${RELEASE}-credentials`), {
      ...secret,
      name: `${RELEASE}-jwt`,
    }).catch((error: Error) => error.message);
    expect(other).toMatch(/reading Secret .*-jwt: the API server answered 403 \(.*forbidden/);
  });

  it('says why when its service account has no rights', async () => {
    const refused = await ensureGeneratedSecret(asTheJob('stranger'), secret).catch(
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      /reading Secret .*internal-api: the API server answered 403 \(.*forbidden/,
    );
  });
});
