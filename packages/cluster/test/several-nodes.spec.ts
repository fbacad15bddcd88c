/**
 * The product on the shared cluster of three nodes (test-cluster.ts: node 0 beside the control
 * plane, two workers in network namespaces of their own), after product.spec.ts: two pods of every deployable spread over the nodes, NATS as a
 * three-member JetStream cluster with the streams on all three. Through relays to each gateway
 * pod, a student's write through one replica is read at once through the other, a keyed retry on
 * the other stores once, and one client spread over both replicas gets the configured limit. Then,
 * under a steady load of students (student-load.ts): one pod of every Deployment deleted, a
 * worker drained, and a worker lost outright. Needs root and the images of npm run images; npm
 * test runs it in its cluster step. See docs/adr/0030-several-nodes.md.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type PaymentIntentResult,
  type Question,
  type Test,
} from '@mcat/contracts';
import { login, register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';
import { killWorker, type Cluster } from '../src/cluster';
import {
  writeClusterFigures,
  type ClusterFigures,
  type FaultFigures,
} from '../src/cluster-figures';
import { waitFor } from '../src/daemons';
import { forwardNatsMonitor } from '../src/forward';
import {
  componentPods,
  forwardPods,
  NAMESPACE,
  RELEASE,
  type ProductInstall,
} from '../src/product';
import { testCluster } from './test-cluster';
import {
  loadStudents,
  startStudentLoad,
  storedAndCreated,
  type LoadReport,
  type LoadStudent,
} from './student-load';

jest.setTimeout(40 * 60_000);

/** The chart's deployables, each a Deployment of two pods here (values-several-nodes.yaml). */
const DEPLOYABLES = ['gateway', 'auth', 'tests', 'questions', 'billing', 'mailer', 'frontend'];
/** values-several-nodes.yaml's RATE_LIMIT_PER_TOKEN. */
const TOKEN_LIMIT = 120;
const LOAD = { pauseMs: 600, retryForMs: 120_000 };

let cluster: Cluster;
let product: ProductInstall;
let gateway: GatewayClient;
let replicas: GatewayClient[];
/** The relays' URLs, one per gateway pod, in the order of `replicas`. */
let replicaUrls: string[];
const faults: FaultFigures = {};
const log = (line: string) => process.stdout.write(`[several-nodes.spec] ${line}\n`);
const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function kubectlOut(args: string[]): string {
  const result = cluster.kubectl(args);
  if (result.status !== 0) throw new Error(`kubectl ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
}

beforeAll(async () => {
  const shared = await testCluster(log);
  cluster = shared.cluster;
  product = shared.product;
  log(`three nodes and the product up in ${shared.seconds.toFixed(1)} s`);
  gateway = new GatewayClient(product.gatewayUrl, '127.0.0.1');
  const pods = await forwardPods(cluster, 'gateway', '/api/health');
  replicaUrls = pods.map(({ url }) => url);
  replicas = replicaUrls.map((url) => new GatewayClient(url, '127.0.0.1'));
});

afterAll(() => {
  writeClusterFigures({ faults } satisfies Omit<ClusterFigures, 'recordedAt'>);
  log(`faults: ${JSON.stringify(faults)}`);
});

/** Loads still running: a test that failed before stopping its own has it stopped after it. */
const loads = new Set<ReturnType<typeof startStudentLoad>>();

function startLoad(students: LoadStudent[]): ReturnType<typeof startStudentLoad> {
  const running = startStudentLoad(gateway, students, LOAD);
  loads.add(running);
  return running;
}

afterEach(async () => {
  await Promise.all([...loads].map((running) => running.stop()));
  loads.clear();
});

/** Every Deployment of the release has its two pods Ready, none on `avoid`. */
function deploymentsWhole(avoid?: string): boolean {
  return DEPLOYABLES.every((component) => {
    const pods = componentPods(cluster, component).filter((pod) => pod.node !== avoid);
    return pods.filter((pod) => pod.ready).length >= 2;
  });
}

/** Each student's stored questions are exactly the ones the load's keyed creates were answered. */
async function expectStoredOnce(load: LoadStudent[], report: LoadReport): Promise<void> {
  for (const compared of await storedAndCreated(gateway, load, report)) {
    expect(compared.stored).toEqual(compared.created);
  }
}

const summary = (report: LoadReport) => ({
  requests: report.requests,
  failed: report.failed.length,
  unanswered: report.unanswered.length,
});

describe('the product on three nodes', () => {
  it('spreads two pods of every deployable over two nodes, and NATS over all three with each stream on three members', async () => {
    const nodes = kubectlOut(['get', 'nodes', '-o', 'jsonpath={.items[*].metadata.name}']);
    expect(nodes.split(' ').sort()).toEqual(['mcat-node', 'mcat-worker-1', 'mcat-worker-2']);
    for (const component of DEPLOYABLES) {
      const pods = componentPods(cluster, component);
      expect({ component, ready: pods.filter((pod) => pod.ready).length }).toEqual({
        component,
        ready: 2,
      });
      expect({ component, nodes: new Set(pods.map((pod) => pod.node)).size }).toEqual({
        component,
        nodes: 2,
      });
    }
    const nats = JSON.parse(
      kubectlOut([
        'get',
        'pods',
        '-n',
        NAMESPACE,
        '-l',
        'app.kubernetes.io/name=nats',
        '-o',
        'json',
      ]),
    ) as { items: { spec: { nodeName: string }; status: { podIP: string } }[] };
    expect(nats.items.map((pod) => pod.spec.nodeName).sort()).toEqual([
      'mcat-node',
      'mcat-worker-1',
      'mcat-worker-2',
    ]);
    const monitor = await forwardNatsMonitor(cluster.layout, nats.items[0]!.status.podIP);
    const jsz = (await (
      await fetch(`${monitor}/jsz?accounts=true&streams=true&config=true`)
    ).json()) as {
      account_details?: {
        stream_detail?: {
          name: string;
          config: { num_replicas: number };
          cluster?: { replicas?: unknown[] };
        }[];
      }[];
    };
    const streams = (jsz.account_details ?? []).flatMap((account) => account.stream_detail ?? []);
    expect(streams.length).toBeGreaterThan(0);
    expect(
      streams.map((stream) => ({
        name: stream.name,
        replicas: stream.config.num_replicas,
        followers: stream.cluster?.replicas?.length ?? 0,
      })),
    ).toEqual(streams.map((stream) => ({ name: stream.name, replicas: 3, followers: 2 })));
  });

  it('reads a write through one gateway replica at once through the other, and ends sessions on both', async () => {
    expect(replicas).toHaveLength(2);
    const [a, b] = replicas as [GatewayClient, GatewayClient];
    const student: SignedIn = await register(a);
    const signedIn = await login(b, student);
    const test = await createTest(a, student.token, TEST_SAMPLES[0]);
    const listed = await b.get<Test[]>('/api/tests', signedIn.token);
    expect(listed.body.map((entry) => entry._id)).toEqual([test._id]);

    const key = randomUUID();
    const keyed = (client: GatewayClient) =>
      client.request<Question>('POST', '/api/questions', {
        json: questionBody(test._id),
        token: student.token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      });
    const first = await keyed(a);
    const retry = await keyed(b);
    expect(first.status).toBe(201);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    const stored = await b.get<Question[]>('/api/questions', student.token);
    expect(stored.body.map((question) => question._id)).toEqual([first.body._id]);

    const changed = await a.put<{ token: string }>(
      '/api/auth/password',
      { currentPassword: student.password, newPassword: `${student.password}-2` },
      student.token,
    );
    expect(changed.status).toBe(200);
    for (const client of [a, b]) {
      expect((await client.get('/api/tests', student.token)).status).toBe(401);
      expect((await client.get('/api/tests', changed.body.token)).status).toBe(200);
    }
  });

  it("shows the billing staff's live stream, read through one replica, a payment made through the other", async () => {
    const [a, b] = replicas as [GatewayClient, GatewayClient];
    const staff = await register(a);
    kubectlOut([
      ...['exec', '-n', NAMESPACE, `deployment/${RELEASE}-auth`, '--'],
      ...['node', 'dist/cli/grant-role.js', staff.email, 'billing'],
    ]);
    const signedIn = await login(a, staff);
    const abort = new AbortController();
    const stream = await fetch(`${replicaUrls[0]}/api/billing/events/stream`, {
      headers: { authorization: `Bearer ${signedIn.token}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${text}`);
        received += decoder.decode(value, { stream: true });
      }
    };
    await readUntil('event: ready');

    const buyer = await register(b);
    const intent = await b.post<PaymentIntentResult>(
      '/api/auth/create-payment-intent',
      {},
      buyer.token,
    );
    if (intent.body.free) throw new Error('A paid PaymentIntent was expected');
    const clientSecret = intent.body.clientSecret;
    const intentId = clientSecret.split('_secret_')[0] as string;
    const paid = await b.post(
      `/api/billing/dev/payment-intents/${intentId}/confirm`,
      { clientSecret, cardNumber: '4242 4242 4242 4242' },
      buyer.token,
    );
    expect(paid.status).toBe(200);
    await readUntil(buyer.email);
    abort.abort();
    const block = received.split('\n\n').find((text) => text.includes(buyer.email)) ?? '';
    expect(block).toContain('event: billing-event');
    const data = JSON.parse(
      block
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6) ?? '{}',
    ) as { type: string; userId: string };
    expect(data).toMatchObject({ type: 'payment_intent.succeeded', userId: buyer.user._id });
  });

  it('gives one client spread over both gateway replicas the configured limit, not twice it', async () => {
    const student = await register(gateway);
    let answered = 0;
    let refused = 0;
    for (let i = 0; i < TOKEN_LIMIT * 2 && refused === 0; i += 1) {
      const client = replicas[i % replicas.length] as GatewayClient;
      const answer = await client.get('/api/tests', student.token);
      if (answer.status === 429) refused += 1;
      else if (answer.status === 200) answered += 1;
    }
    expect({ answered, refused }).toEqual({ answered: TOKEN_LIMIT, refused: 1 });
  });

  it('fails no request while one pod of every Deployment is deleted', async () => {
    const load = await loadStudents(gateway, 3);
    const running = startLoad(load);
    await sleep(5000);
    const started = Date.now();
    const victims = DEPLOYABLES.map((component) => componentPods(cluster, component)[0]?.name);
    kubectlOut(['delete', 'pod', '-n', NAMESPACE, '--wait=false', ...victims.map(String)]);
    await waitFor('every Deployment whole again', () => deploymentsWhole(), 180_000);
    const seconds = (Date.now() - started) / 1000;
    await sleep(15_000);
    const report = await running.stop();
    faults.podDeletion = { ...summary(report), seconds };
    log(`pod deletion: ${JSON.stringify(faults.podDeletion)} ${JSON.stringify(report.failed)}`);
    expect(report.failed).toEqual([]);
    expect(report.unanswered).toEqual([]);
    await expectStoredOnce(load, report);
  });

  it('fails no request while a worker is drained, its PodDisruptionBudgets honoured', async () => {
    const load = await loadStudents(gateway, 3);
    const running = startLoad(load);
    await sleep(5000);
    const started = Date.now();
    try {
      // Awaited, not synchronous: the students' load goes on while kubectl evicts pod by pod.
      await execFileAsync(cluster.kubectlBinary, [
        `--kubeconfig=${cluster.kubeconfig}`,
        `--cache-dir=${cluster.layout.kubeCache}`,
        ...['drain', 'mcat-worker-1', '--ignore-daemonsets', '--delete-emptydir-data'],
        '--timeout=300s',
      ]);
      await waitFor(
        'every Deployment whole again',
        () => deploymentsWhole('mcat-worker-1'),
        180_000,
      );
    } finally {
      kubectlOut(['uncordon', 'mcat-worker-1']);
    }
    const seconds = (Date.now() - started) / 1000;
    await sleep(10_000);
    const report = await running.stop();
    faults.drain = { ...summary(report), seconds };
    log(`drain: ${JSON.stringify(faults.drain)} ${JSON.stringify(report.failed)}`);
    expect(report.failed).toEqual([]);
    expect(report.unanswered).toEqual([]);
    await expectStoredOnce(load, report);
  });

  it('loses a worker outright: its pods run elsewhere within 60 s, every keyed create stored once, every cascade completed', async () => {
    const load = await loadStudents(gateway, 3);
    const running = startLoad(load);
    await sleep(5000);
    const lost = Date.now();
    await killWorker(cluster, 2);
    await waitFor(
      "the lost worker's pods running elsewhere",
      () => deploymentsWhole('mcat-worker-2'),
      120_000,
    );
    const podsElsewhereSeconds = (Date.now() - lost) / 1000;
    await sleep(20_000);
    const report = await running.stop();
    const lastFailure = Math.max(lost, ...report.failed.map((failure) => failure.at));
    faults.nodeLoss = {
      ...summary(report),
      seconds: podsElsewhereSeconds,
      serviceBackSeconds: (lastFailure - lost) / 1000,
    };
    log(`node loss: ${JSON.stringify(faults.nodeLoss)} ${JSON.stringify(report.failed)}`);
    expect(report.unanswered).toEqual([]);
    // A 401 signs the student out in the web app: the loss may delay answers, never void a session.
    expect(report.failed.filter((failure) => failure.answer === '401')).toEqual([]);
    await expectStoredOnce(load, report);
    expect(podsElsewhereSeconds).toBeLessThan(60);
    expect(faults.nodeLoss.serviceBackSeconds).toBeLessThan(60);

    for (const student of load) {
      expect((await gateway.delete(`/api/tests/${student.testId}`, student.token)).status).toBe(
        200,
      );
    }
    for (const student of load) {
      const deadline = Date.now() + 30_000;
      let left = (await gateway.get<Question[]>('/api/questions', student.token)).body;
      while (left.length > 0 && Date.now() < deadline) {
        await sleep(500);
        left = (await gateway.get<Question[]>('/api/questions', student.token)).body;
      }
      expect(left).toEqual([]);
    }
  });
});
