/**
 * The product on the shared test cluster (test-cluster.ts: three nodes, one with
 * TEST_CLUSTER_WORKERS=0), installed the way npm run cluster:up does it (released into the
 * cluster's registry, k8s/'s dependencies, helm install --wait --wait-for-jobs of the released
 * chart from the registry, its images pulled by digest), driven through the relay to the gateway's
 * Service: register, sign in, a test and a missed question, the test deleted and its question gone
 * (the NATS cascade across pods), a password reset mail read back from Mailpit's API, a
 * dev-provider premium purchase lifting the test limit; then every pod Ready with zero restarts. Then
 * a helm upgrade of a config value, polled without a failure, `helm test` after the install and
 * after the upgrade, the service credential made once by the chart's hook Job and kept, names
 * resolved by CoreDNS from a pod, the chart's network policies, enforced by kube-router, seen to
 * hold, the web app and /api on one address through Traefik by the chart's Ingress and by its
 * HTTPRoute (a browser signs a student up there), and a real Prometheus configured from the
 * chart's PodMonitor and PrometheusRule scraping every pod, answering the dashboard's queries and
 * firing the down alert for a deployable scaled to zero. Needs root and the images of npm run
 * images; npm test builds those and runs it last.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  LIMITS,
  type PaymentIntentResult,
  type Question,
  type Test,
  type User,
} from '@mcat/contracts';
import { login, register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import {
  createTest,
  questionBody,
  testBody,
  TEST_SAMPLES,
} from '@mcat/test-support/system/study-data';
import { findResetLink } from '@mcat/runner/caught-mail';
import type { Cluster } from '../src/cluster';
import { writeClusterFigures, type ClusterFigures } from '../src/cluster-figures';
import { connectFrom } from './connectivity';
import { pollHealth } from './health-poller';
import { DNS_IMAGE } from '../src/images';
import { forwardNatsMonitor } from '../src/forward';
import { dashboardQueries } from '../src/monitoring/dashboard-queries';
import { forwardMailpit, mailsTo } from './mailpit';
import {
  componentPods,
  environmentValues,
  forwardService,
  installChart,
  NAMESPACE,
  podsReady,
  releasePods,
  RELEASE,
  testRelease,
  type ProductInstall,
} from '../src/product';
import { REGISTRY_PREFIX } from '../src/registry';
import { studentInTheBrowser } from './student-in-the-browser';
import { INGRESS_HOST, requestThroughTraefik, ROUTE_HOST } from '../src/traefik';
import { testCluster } from './test-cluster';

jest.setTimeout(30 * 60_000);

let cluster: Cluster;
let product: ProductInstall;
let gateway: GatewayClient;
const figures: Omit<ClusterFigures, 'recordedAt'> = {};
const log = (line: string) => process.stdout.write(`[product.spec] ${line}\n`);

beforeAll(async () => {
  const shared = await testCluster(log);
  cluster = shared.cluster;
  product = shared.product;
  figures.clusterUpSeconds =
    shared.seconds - product.releaseSeconds - product.dependencySeconds - product.helmSeconds;
  figures.releaseSeconds = product.releaseSeconds;
  figures.dependencySeconds = product.dependencySeconds;
  figures.helmInstallSeconds = product.helmSeconds;
  log(`cluster and product up in ${shared.seconds.toFixed(1)} s`);
  gateway = new GatewayClient(product.gatewayUrl, '127.0.0.1');
});

afterAll(() => {
  writeClusterFigures(figures);
  log(`figures: ${JSON.stringify(figures)}`);
});

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

/** A GET whose body is kept as sent (fetch would decode it). */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function kubectlOut(args: string[]): string {
  const result = cluster.kubectl(args);
  if (result.status !== 0) throw new Error(`kubectl ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** What getaddrinfo gives a pod of the release for `name` (its addresses, or the error's code). */
function lookupFrom(pod: string, name: string): { answer: string[] | string; ms: number } {
  const script = [
    'const started = Date.now();',
    "require('node:dns').promises.lookup(process.argv[1], { all: true, family: 4 }).then(",
    '  (found) => console.log(JSON.stringify({ answer: found.map((a) => a.address).sort(), ms: Date.now() - started })),',
    '  (error) => console.log(JSON.stringify({ answer: error.code, ms: Date.now() - started })),',
    ');',
  ].join('\n');
  const out = kubectlOut(['exec', '-n', NAMESPACE, pod, '--', 'node', '-e', script, name]);
  return JSON.parse(out) as { answer: string[] | string; ms: number };
}

describe('the product on the test cluster', () => {
  it('serves a student through the gateway, across its pods, with every pod Ready and none restarted', async () => {
    const student = await register(gateway);
    const signedIn = await login(gateway, student);
    const token = signedIn.token;

    const first = await createTest(gateway, token, TEST_SAMPLES[0]);
    const second = await createTest(gateway, token, TEST_SAMPLES[1]);
    const added = await gateway.post<Question>('/api/questions', questionBody(second._id), token);
    expect(added.status).toBe(201);
    expect((await gateway.delete(`/api/tests/${second._id}`, token)).status).toBeLessThan(300);
    const remaining = await eventually(
      async () => (await gateway.get<Question[]>('/api/questions', token)).body,
      (questions) => questions.length === 0,
    );
    expect(remaining).toEqual([]);

    expect((await gateway.post('/api/auth/forgot-password', { email: student.email })).status).toBe(
      200,
    );
    const mailpit = await forwardMailpit(cluster, NAMESPACE);
    const mails = await eventually(
      () => mailsTo(mailpit, student.email),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(findResetLink(mails[0]?.Text ?? '')).toMatch(/\/reset-password\/[\w.~%-]+$/);
    expect(findResetLink(mails[0]?.HTML ?? '')).toBe(findResetLink(mails[0]?.Text ?? ''));

    await createTest(gateway, token, TEST_SAMPLES[1]);
    const refused = await gateway.post('/api/tests', testBody(TEST_SAMPLES[2]), token);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: LIMITS.freeTests, plan: 'free' },
    });
    const intent = await gateway.post<PaymentIntentResult>(
      '/api/auth/create-payment-intent',
      {},
      token,
    );
    expect(intent.status).toBe(200);
    if (intent.body.free) throw new Error('A paid PaymentIntent was expected');
    const clientSecret = intent.body.clientSecret;
    const intentId = clientSecret.split('_secret_')[0] as string;
    const paid = await gateway.post(
      `/api/billing/dev/payment-intents/${intentId}/confirm`,
      { clientSecret, cardNumber: '4242 4242 4242 4242' },
      token,
    );
    expect(paid.status).toBe(200);
    const premium = await gateway.post<User>(
      '/api/auth/confirm-premium',
      { paymentIntentId: intentId },
      token,
    );
    expect(premium.status).toBe(200);
    expect(premium.body.isPremium).toBe(true);
    const third = await gateway.post<Test>('/api/tests', testBody(TEST_SAMPLES[2]), token);
    expect(third.status).toBe(201);
    const tests = (await gateway.get<Test[]>('/api/tests', token)).body;
    expect(tests.map((test) => test._id)).toContain(first._id);
    expect(tests).toHaveLength(3);

    const pods = podsReady(cluster);
    log(`pods: ${pods.summary}`);
    figures.restarts = pods.restarts;
    expect(pods.ready).toBe(true);
    expect(pods.restarts).toBe(0);
  });

  it("runs the released images, which the nodes pulled from the cluster's registry by digest", () => {
    const pods = JSON.parse(
      kubectlOut([
        ...['get', 'pods', '-n', NAMESPACE, '-l', `app.kubernetes.io/instance=${RELEASE}`],
        ...['--field-selector=status.phase=Running', '-o', 'json'],
      ]),
    ) as {
      items: {
        metadata: { labels: Record<string, string>; deletionTimestamp?: string };
        spec: { containers: { image: string }[] };
        status: { containerStatuses: { imageID: string }[] };
      }[];
    };
    const seen: Record<string, { image: string; imageID: string }[]> = {};
    // A pod on its way out (an earlier revision's, in its preStop pause) is still Running.
    for (const pod of pods.items.filter((item) => !item.metadata.deletionTimestamp)) {
      const component = pod.metadata.labels['app.kubernetes.io/component'] ?? '';
      const [container] = pod.spec.containers;
      const [status] = pod.status.containerStatuses;
      (seen[component] ??= []).push({
        image: container?.image ?? '',
        imageID: status?.imageID ?? '',
      });
    }
    expect(Object.keys(seen).sort()).toEqual(Object.keys(product.release.images).sort());
    for (const [component, image] of Object.entries(product.release.images)) {
      expect(image.reference).toBe(`${REGISTRY_PREFIX}/${component}:${product.release.version}`);
      const pinned = `${REGISTRY_PREFIX}/${component}@${image.digest}`;
      // The imageID a pulled image gets is the registry's digest reference; an imported one's
      // would be its local id.
      for (const running of seen[component] ?? []) {
        expect(running).toEqual({ image: pinned, imageID: pinned });
      }
    }
  });

  it('passes helm test after the install: a student signs up, logs a test and reads it back', async () => {
    const { seconds, output } = await testRelease(cluster, log);
    log(`helm test after the install: ${seconds.toFixed(1)} s`);
    figures.releaseCheckSeconds = seconds;
    expect(output).toContain('signs up, logs a test and reads it back');
  });

  it('has the service credential made once by the credentials Job, outside the release', () => {
    const secret = JSON.parse(
      kubectlOut(['get', 'secret', '-n', NAMESPACE, `${RELEASE}-internal-api`, '-o', 'json']),
    ) as { metadata: { labels?: Record<string, string> }; data: Record<string, string> };
    expect(Buffer.from(secret.data.INTERNAL_API_TOKEN ?? '', 'base64').toString()).toMatch(
      /^[A-Za-z0-9_-]{48}$/,
    );
    expect(secret.metadata.labels?.['app.kubernetes.io/managed-by']).toBeUndefined();
    // The hook objects with rights over Secrets are gone once the hooks succeeded.
    expect(kubectlOut(['get', 'role,job', '-n', NAMESPACE, '-o', 'name'])).not.toMatch(
      /credentials/,
    );
  });

  it('rolls every pod on a helm upgrade of a config value, without one failed poll of /api/health', async () => {
    const token = () =>
      kubectlOut([
        ...['get', 'secret', '-n', NAMESPACE, `${RELEASE}-internal-api`],
        ...['-o', 'jsonpath={.data.INTERNAL_API_TOKEN}'],
      ]);
    const tokenBefore = token();
    const before = releasePods(cluster);
    const poller = pollHealth(product.gatewayUrl);
    const values = environmentValues({ config: { logLevel: 'info' } });
    const helmSeconds = await installChart(cluster, product.release, values, log);
    // The last old pods end after helm returns (the chart's 10 s preStop pause, then their drain):
    // keep polling through it.
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    const { polls, failed } = await poller.stop();
    const after = releasePods(cluster);
    figures.upgrade = { helmSeconds, polls, failedPolls: failed.length };
    expect(failed).toEqual([]);
    expect(polls).toBeGreaterThan(100);
    expect(after).toHaveLength(before.length);
    // Every pod with a ConfigMap was replaced; the web app's has none and stays.
    const kept = after.filter((name) => before.includes(name));
    expect(kept).toEqual(before.filter((name) => name.startsWith(`${RELEASE}-frontend-`)));
    const pods = podsReady(cluster);
    expect(pods.ready).toBe(true);
    expect(pods.restarts).toBe(0);
    expect(token()).toBe(tokenBefore);
    const check = await testRelease(cluster, log);
    log(`helm test after the upgrade: ${check.seconds.toFixed(1)} s`);
    expect(check.output).toContain('signs up, logs a test and reads it back');
  });

  it("has the web app's server send the prerendered pages and the build's Brotli and gzip copies", async () => {
    const web = await forwardService(cluster, 'frontend', '/healthz');
    const page = await (await fetch(`${web}/`)).text();
    expect(page).toContain('<div id="root" data-prerendered>');
    const guide = await getRaw(`${web}/guide`, { 'accept-encoding': 'br' });
    expect(guide.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(guide.body).toString()).toContain('<title>Study Guide |');
    const signedInShell = await (await fetch(`${web}/dashboard`)).text();
    expect(signedInShell).toContain('<div id="root" data-signed-in-shell>');
    const shell = await (await fetch(`${web}/tests`)).text();
    expect(shell).toContain('<div id="root"></div>');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const plain = await getRaw(`${web}${script}`, {});
    const brotli = await getRaw(`${web}${script}`, { 'accept-encoding': 'gzip, br' });
    const gzip = await getRaw(`${web}${script}`, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect({ encoding: brotli.headers['content-encoding'], vary: brotli.headers.vary }).toEqual({
      encoding: 'br',
      vary: 'Accept-Encoding',
    });
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    log(
      `web app ${script}: ${plain.body.length} B, br ${brotli.body.length} B, gzip ${gzip.body.length} B`,
    );
  });

  it("resolves Services and a headless StatefulSet's pods through CoreDNS, and nothing outside at once", () => {
    const dnsPods = JSON.parse(
      kubectlOut(['get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-dns', '-o', 'json']),
    ) as {
      items: {
        spec: { containers: { image: string }[] };
        status: { conditions?: { type: string; status: string }[] };
      }[];
    };
    expect(
      dnsPods.items.map((pod) => ({
        image: pod.spec.containers[0]?.image,
        ready: pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
      })),
    ).toEqual([
      { image: DNS_IMAGE.reference, ready: true },
      { image: DNS_IMAGE.reference, ready: true },
    ]);
    const ip = (kind: string, name: string, field: string) =>
      kubectlOut(['get', kind, name, '-n', NAMESPACE, '-o', `jsonpath={${field}}`]);
    const natsService = ip('service', 'nats', '.spec.clusterIP');
    const mongodbPod = ip('pod', 'mongodb-0', '.status.podIP');
    const mailpitService = ip('service', 'mailpit', '.spec.clusterIP');
    const from = `deployment/${RELEASE}-gateway`;
    const zone = 'svc.cluster.local';
    const names = {
      service: `nats.${NAMESPACE}.${zone}`,
      statefulSetPod: `mongodb-0.mongodb.${NAMESPACE}.${zone}`,
      headlessService: `mongodb.${NAMESPACE}.${zone}`,
      shortName: 'mailpit',
      missingService: `no-such-service.${NAMESPACE}.${zone}`,
      outside: 'example.com',
    };
    const found = Object.fromEntries(
      Object.entries(names).map(([key, name]) => [key, lookupFrom(from, name)]),
    );
    log(`lookups: ${JSON.stringify(found)}`);
    expect(Object.fromEntries(Object.entries(found).map(([key, r]) => [key, r.answer]))).toEqual({
      service: [natsService],
      statefulSetPod: [mongodbPod],
      headlessService: [mongodbPod],
      shortName: [mailpitService],
      missingService: 'ENOTFOUND',
      outside: 'ENOTFOUND',
    });
    // Refused at once (NXDOMAIN from CoreDNS), not after the resolver's timeouts.
    expect(found.outside?.ms).toBeLessThan(1000);
  });

  it("enforces the chart's network policies: each pod reaches only what it needs", () => {
    const reach = (from: string, host: string, port: number) =>
      connectFrom(cluster, NAMESPACE, from, host, port);
    const auth = `${RELEASE}-auth`;
    const observed = {
      // The gateway calls the services, never a database.
      gatewayToAuth: reach(`deployment/${RELEASE}-gateway`, auth, 8080),
      gatewayToMongo: reach(`deployment/${RELEASE}-gateway`, 'mongodb', 27017),
      // The auth service has its database.
      authToMongo: reach(`deployment/${auth}`, 'mongodb', 27017),
      // A pod outside the release (Mailpit, under no policy) reaches the database but
      // not a service, whose ingress admits only its callers.
      outsiderToMongo: reach('deployment/mailpit', 'mongodb', 27017),
      outsiderToAuth: reach('deployment/mailpit', auth, 8080),
      // The mailer sends mail and calls no service.
      mailerToAuth: reach(`deployment/${RELEASE}-mailer`, auth, 8080),
    };
    log(`reachability: ${JSON.stringify(observed)}`);
    // kube-router rejects (an ICMP port unreachable, ECONNREFUSED to the caller); each refused
    // target is also reached by an allowed caller above, so the refusal is the policy's.
    expect(observed).toEqual({
      gatewayToAuth: 'open',
      gatewayToMongo: 'ECONNREFUSED',
      authToMongo: 'open',
      outsiderToMongo: 'open',
      outsiderToAuth: 'ECONNREFUSED',
      mailerToAuth: 'ECONNREFUSED',
    });
  });
});

interface PrometheusTarget {
  labels: Record<string, string>;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}

interface PrometheusAlert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

async function prometheus<T>(route: string): Promise<T> {
  const response = await fetch(`${product.prometheusUrl}${route}`);
  if (!response.ok) throw new Error(`Prometheus ${route}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** A NATS client connection as the server's /connz?auth=true lists it. */
interface NatsConnection {
  ip: string;
  tls_version?: string;
  account?: string;
  authorized_user?: string;
}

/** Every NATS member's client connections, each member read through its own relay. */
async function natsConnections(): Promise<NatsConnection[]> {
  const members = JSON.parse(
    kubectlOut(['get', 'pods', '-n', NAMESPACE, '-l', 'app.kubernetes.io/name=nats', '-o', 'json']),
  ) as { items: { metadata: { name: string }; status: { podIP: string } }[] };
  const connections: NatsConnection[] = [];
  for (const member of members.items) {
    const monitor = await forwardNatsMonitor(
      cluster.layout,
      member.status.podIP,
      `nats-monitor-${member.metadata.name}`,
    );
    const connz = (await (await fetch(`${monitor}/connz?auth=true&limit=1024`)).json()) as {
      connections?: NatsConnection[];
    };
    connections.push(...(connz.connections ?? []));
  }
  return connections;
}

interface RouteParentStatus {
  controllerName: string;
  conditions: { type: string; status: string }[];
}

describe('the product behind Traefik, one address for the web app and /api, as students reach it', () => {
  it.each([
    ['the Ingress', INGRESS_HOST],
    ['the Gateway API HTTPRoute', ROUTE_HOST],
  ])('routes %s: the web app at /dashboard, /api to the gateway', async (_route, host) => {
    const page = await requestThroughTraefik(product.traefikPort, host, '/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"');
    const health = await requestThroughTraefik(product.traefikPort, host, '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'up' });
    const unknown = await requestThroughTraefik(product.traefikPort, host, '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it("has the HTTPRoute accepted by Traefik's Gateway, every backend resolved", () => {
    const route = JSON.parse(
      kubectlOut(['get', 'httproute', '-n', NAMESPACE, RELEASE, '-o', 'json']),
    ) as { status?: { parents?: RouteParentStatus[] } };
    const parents = route.status?.parents ?? [];
    expect(parents.map((parent) => parent.controllerName)).toEqual([
      'traefik.io/gateway-controller',
    ]);
    const conditions = Object.fromEntries(
      (parents[0]?.conditions ?? []).map((condition) => [condition.type, condition.status]),
    );
    expect(conditions).toMatchObject({ Accepted: 'True', ResolvedRefs: 'True' });
  });

  it('lets a student sign up, log a test and see it on the dashboard in a browser', async () => {
    const { seconds } = await studentInTheBrowser(
      `http://${INGRESS_HOST}:${product.traefikPort}`,
      log,
    );
    log(`browser smoke through Traefik: ${seconds.toFixed(1)} s`);
  });
});

describe('the NATS of the cluster, which requires TLS and a credentials file as a managed NATS does', () => {
  it("has every service pod connected over TLS as the credentials file's user, through the chart's CA bundle and credentials values", async () => {
    const connections = await natsConnections();
    log(`NATS connections: ${JSON.stringify(connections)}`);
    const servicePods = ['auth', 'tests', 'questions', 'billing'].flatMap((service) =>
      componentPods(cluster, service).map((pod) => ({ service, ip: pod.ip })),
    );
    expect(servicePods.length).toBeGreaterThan(0);
    expect(
      servicePods.map(({ service, ip }) => ({
        service,
        connected: connections.some((connection) => connection.ip === ip),
      })),
    ).toEqual(servicePods.map(({ service }) => ({ service, connected: true })));
    // Every client came over TLS, authenticated as the one user of the product's account: none in
    // the global account that a server without credentials puts its clients in.
    for (const connection of connections) {
      expect(connection.tls_version).toMatch(/^1\.[23]$/);
      expect(connection.account).toMatch(/^A[A-Z2-7]{55}$/);
      expect(connection.authorized_user).toMatch(/^U[A-Z2-7]{55}$/);
    }
    expect(new Set(connections.map((connection) => connection.authorized_user)).size).toBe(1);
  });
});

const METRICS_COMPONENTS = ['gateway', 'auth', 'tests', 'questions', 'billing', 'mailer'];

describe("the release watched by Prometheus, through the chart's PodMonitor and PrometheusRule", () => {
  it("scrapes every pod of each Node deployable with the metrics credential, the web app's none", async () => {
    const expected = METRICS_COMPONENTS.flatMap((component) =>
      componentPods(cluster, component).map((pod) => `${component}/${pod.name}`),
    ).sort();
    let targets: PrometheusTarget[] = [];
    const up = () =>
      targets
        .filter((target) => target.health === 'up')
        .map((target) => `${target.labels.app_kubernetes_io_component}/${target.labels.pod}`)
        .sort();
    const deadline = Date.now() + 120_000;
    do {
      targets = (await prometheus<{ activeTargets: PrometheusTarget[] }>('/api/v1/targets'))
        .activeTargets;
      if (up().join() === expected.join()) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    } while (Date.now() < deadline);
    log(
      `Prometheus targets: ${JSON.stringify(targets.map((t) => [t.labels.pod, t.health, t.lastError]))}`,
    );
    expect(up()).toEqual(expected);
    expect(targets.filter((target) => target.health !== 'up')).toEqual([]);
    for (const target of targets) {
      expect(target.labels).toMatchObject({ job: `${NAMESPACE}/${RELEASE}`, namespace: NAMESPACE });
    }
    const groups = (await prometheus<{ groups: { name: string }[] }>('/api/v1/rules')).groups;
    expect(groups.map((group) => group.name).sort()).toEqual([
      'mcat-logbook.availability',
      'mcat-logbook.events',
      'mcat-logbook.requests',
    ]);
  });

  it("runs every query of the chart's Grafana dashboard on the release's series", async () => {
    const json = kubectlOut([
      ...['get', 'configmap', '-n', NAMESPACE, `${RELEASE}-dashboard`],
      ...['-o', 'jsonpath={.data.mcat-logbook\\.json}'],
    ]);
    const queries = dashboardQueries(json, { namespace: NAMESPACE, fullname: RELEASE });
    // Series every running release has; the rest (5xx, dead letters, restarts from
    // kube-state-metrics) may rightly be empty.
    const always = [
      'Pods answering scrapes',
      'Requests per second',
      'p99 request time',
      'Oldest event waiting in an outbox',
    ];
    let answered: { panel: string; status: string; results: number }[] = [];
    const deadline = Date.now() + 120_000;
    do {
      answered = await Promise.all(
        queries.map(async ({ panel, expr }) => {
          const response = await fetch(
            `${product.prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`,
          );
          const body = (await response.json()) as { status: string; data?: { result: unknown[] } };
          return { panel, status: body.status, results: body.data?.result.length ?? 0 };
        }),
      );
      const shown = new Set(answered.filter((a) => a.results > 0).map((a) => a.panel));
      if (always.every((panel) => shown.has(panel))) break;
      await new Promise((resolve) => setTimeout(resolve, 5000));
    } while (Date.now() < deadline);
    log(`dashboard queries: ${JSON.stringify(answered)}`);
    expect(answered.filter((a) => a.status !== 'success')).toEqual([]);
    const shown = new Set(answered.filter((a) => a.results > 0).map((a) => a.panel));
    expect(always.filter((panel) => !shown.has(panel))).toEqual([]);
  });

  it('fires McatLogbookDeployableDown within 2 minutes of a deployable scaled to zero', async () => {
    const deployment = `deployment/${RELEASE}-mailer`;
    const replicas = kubectlOut([
      'get',
      deployment,
      '-n',
      NAMESPACE,
      '-o',
      'jsonpath={.spec.replicas}',
    ]);
    const downAlerts = async () =>
      (await prometheus<{ alerts: PrometheusAlert[] }>('/api/v1/alerts')).alerts.filter(
        (alert) => alert.labels.alertname === 'McatLogbookDeployableDown',
      );
    expect(await downAlerts()).toEqual([]);
    const started = Date.now();
    kubectlOut(['scale', deployment, '-n', NAMESPACE, '--replicas=0']);
    try {
      let alerts: PrometheusAlert[] = [];
      while (Date.now() - started < 180_000) {
        alerts = await downAlerts();
        if (alerts.some((alert) => alert.state === 'firing')) break;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      const seconds = (Date.now() - started) / 1000;
      figures.alertFiringSeconds = seconds;
      log(`McatLogbookDeployableDown firing ${seconds.toFixed(1)} s after the scale to zero`);
      expect(
        alerts.map((alert) => [alert.labels.app_kubernetes_io_component, alert.state]),
      ).toEqual([['mailer', 'firing']]);
      expect(seconds).toBeLessThan(120);
    } finally {
      kubectlOut(['scale', deployment, '-n', NAMESPACE, `--replicas=${replicas}`]);
      kubectlOut(['rollout', 'status', deployment, '-n', NAMESPACE, '--timeout=180s']);
    }
  });
});
