/**
 * An upgrade that grows the schema, and the rollback from it, while students use the product (issue
 * 27, item 3): on the shared cluster (test-cluster.ts), the questions service is upgraded to the
 * next build (next-build.ts: a field and an index more), then `helm rollback` returns the release
 * to this build. Throughout, a client polls /api/health and students list their tests, add keyed
 * questions, review and read insights (student-load.ts). Both ways: zero failed polls, zero failed
 * requests, every keyed create stored once. The upgrade's migration Job adds the index, which the
 * rollback keeps (helm runs no migration on a rollback; docs/adr/0028): the older pods run beside
 * it and beside the questions the newer ones stored with the field.
 */
import { MongoClient } from 'mongodb';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import type { Cluster } from '../src/cluster';
import {
  writeClusterFigures,
  type ClusterFigures,
  type ReleaseChangeFigure,
} from '../src/cluster-figures';
import { startRelay } from '../src/forward';
import { pollHealth } from './health-poller';
import { freePort } from '@mcat/runner/infra';
import { buildNextQuestionsImage, NEXT_BUILD } from '../src/next-build';
import {
  environmentValues,
  installChart,
  NAMESPACE,
  pushToRegistry,
  rollbackChart,
  type ProductInstall,
} from '../src/product';
import {
  loadStudents,
  startStudentLoad,
  storedAndCreated,
  type StoredAndCreated,
} from './student-load';
import { testCluster } from './test-cluster';

jest.setTimeout(30 * 60_000);

/** Under values-several-nodes.yaml's 120 requests a minute for each student (300 ms got 429s). */
const LOAD = { pauseMs: 600, retryForMs: 60_000 };
/** The chart's 10 s preStop pause, then the old pods' drain, end after helm returns. */
const OLD_PODS_ENDING_MS = 25_000;
const QUESTIONS_DATABASE = 'mcat_questions';

let cluster: Cluster;
let product: ProductInstall;
let gateway: GatewayClient;
/** The next build's digest in the cluster's registry, and the release's own. */
let nextDigest: string;
let releasedDigest: string;
let mongo: MongoClient;
const figures: Omit<ClusterFigures, 'recordedAt'> = {};
const log = (line: string) => process.stdout.write(`[upgrade-rollback.spec] ${line}\n`);

beforeAll(async () => {
  const shared = await testCluster(log);
  cluster = shared.cluster;
  product = shared.product;
  gateway = new GatewayClient(product.gatewayUrl, '127.0.0.1');
  const next = buildNextQuestionsImage(log);
  nextDigest = await pushToRegistry(
    cluster,
    next,
    `questions:${product.release.version}-next`,
    log,
  );
  const released = product.release.images.questions;
  if (!released) throw new Error('The release has no questions image');
  releasedDigest = released.digest;
  // The database's Service is headless (its StatefulSet's): the relay goes to its one pod.
  const mongoPod = cluster.kubectl([
    ...['get', 'pod', '-n', NAMESPACE, 'mongodb-0'],
    ...['-o', 'jsonpath={.status.podIP}:{.spec.containers[0].ports[0].containerPort}'],
  ]).stdout;
  const port = await freePort();
  await startRelay(cluster.layout, 'mongodb', mongoPod, port);
  mongo = new MongoClient(`mongodb://127.0.0.1:${port}/`, { serverSelectionTimeoutMS: 30_000 });
  await mongo.connect();
});

afterAll(async () => {
  writeClusterFigures(figures);
  log(`figures: ${JSON.stringify(figures)}`);
  await mongo?.close();
});

/** The image digests of the questions service's running pods. */
function questionsImageDigests(): string[] {
  const images = cluster.kubectl([
    ...['get', 'pods', '-n', NAMESPACE, '-l', 'app.kubernetes.io/component=questions'],
    ...['--field-selector=status.phase=Running'],
    ...['-o', 'jsonpath={.items[*].spec.containers[0].image}'],
  ]).stdout;
  const digests = images
    .split(' ')
    .filter(Boolean)
    .map((image) => image.slice(image.lastIndexOf('@') + 1));
  return [...new Set(digests)].sort();
}

async function questionIndexes(): Promise<Record<string, unknown>[]> {
  const indexes = await mongo.db(QUESTIONS_DATABASE).collection('questions').indexes();
  return indexes.map((index) => index.key);
}

interface UnderLoad {
  figure: ReleaseChangeFigure;
  failedPolls: unknown[];
  failedRequests: unknown[];
  unanswered: unknown[];
  created: number;
  compared: StoredAndCreated[];
}

/** A client polling /api/health and two students' load, both running through `change`. */
async function underLoad(change: () => Promise<number>): Promise<UnderLoad> {
  const students = await loadStudents(gateway, 2);
  const poller = pollHealth(product.gatewayUrl);
  const load = startStudentLoad(gateway, students, LOAD);
  const stop = () => Promise.all([poller.stop(), load.stop()]);
  let helmSeconds: number;
  try {
    helmSeconds = await change();
    await new Promise((resolve) => setTimeout(resolve, OLD_PODS_ENDING_MS));
  } catch (error) {
    await stop();
    throw error;
  }
  const [polls, report] = await stop();
  const figure = {
    helmSeconds,
    polls: polls.polls,
    failedPolls: polls.failed.length,
    requests: report.requests,
    failed: report.failed.length,
  };
  log(`${JSON.stringify(figure)}, keyed creates ${report.created.length}`);
  return {
    figure,
    failedPolls: polls.failed,
    failedRequests: report.failed,
    unanswered: report.unanswered,
    created: report.created.length,
    compared: await storedAndCreated(gateway, students, report),
  };
}

function expectNothingFailed(run: UnderLoad): void {
  expect(run.failedPolls).toEqual([]);
  expect(run.failedRequests).toEqual([]);
  expect(run.unanswered).toEqual([]);
  expect(run.figure.polls).toBeGreaterThan(100);
  expect(run.created).toBeGreaterThan(0);
  for (const compared of run.compared) expect(compared.stored).toEqual(compared.created);
}

describe('an upgrade that adds a field and an index, and its rollback, under load', () => {
  it('upgrades the questions service to the next build without one failed poll or request', async () => {
    expect(questionsImageDigests()).toEqual([releasedDigest]);
    expect(await questionIndexes()).not.toContainEqual(NEXT_BUILD.index);

    const run = await underLoad(() =>
      installChart(
        cluster,
        product.release,
        environmentValues({ questions: { image: { digest: nextDigest } } }),
        log,
      ),
    );
    figures.schemaUpgrade = run.figure;

    expectNothingFailed(run);
    expect(questionsImageDigests()).toEqual([nextDigest]);
    expect(await questionIndexes()).toContainEqual(NEXT_BUILD.index);
    const withField = await mongo
      .db(QUESTIONS_DATABASE)
      .collection('questions')
      .countDocuments({ [NEXT_BUILD.field]: NEXT_BUILD.fieldValue });
    expect(withField).toBeGreaterThan(0);
  });

  it('rolls back to this build without one failed poll or request, keeping the added index', async () => {
    const run = await underLoad(() => rollbackChart(cluster, log));
    figures.rollback = run.figure;

    expectNothingFailed(run);
    expect(questionsImageDigests()).toEqual([releasedDigest]);
    expect(await questionIndexes()).toContainEqual(NEXT_BUILD.index);
  });
});
