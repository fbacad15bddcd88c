/**
 * The product on a one-node cluster brought up in a temporary folder, the way npm run cluster:up
 * does it (images imported from podman, k8s/'s dependencies, helm install --wait
 * --wait-for-jobs), driven through the gateway's port-forward: register, sign in, a test and a
 * missed question, the test deleted and its question gone (the NATS cascade across pods), a
 * password reset mail in the SMTP catcher, a dev-provider premium purchase lifting the test limit;
 * then every pod Ready with zero restarts. Needs root and the images of npm run images; not part
 * of `npm test` (run: npx jest -c scripts/lib/cluster/jest.config.cjs product.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  LIMITS,
  type PaymentIntentResult,
  type Question,
  type Test,
  type User,
} from '@mcat/contracts';
import { login, register } from '../../../gateway/test/system/support/accounts';
import { GatewayClient } from '../../../gateway/test/system/support/gateway-client';
import {
  createTest,
  questionBody,
  testBody,
  TEST_SAMPLES,
} from '../../../gateway/test/system/support/study-data';
import { clusterDown, clusterUp, type Cluster } from './cluster';
import { installProduct, NAMESPACE, podsReady, type ProductInstall } from './product';

jest.setTimeout(30 * 60_000);

let dir: string;
let cluster: Cluster;
let product: ProductInstall;
let gateway: GatewayClient;
const log = (line: string) => process.stdout.write(`[product.spec] ${line}\n`);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-product-'));
  const started = Date.now();
  cluster = await clusterUp(dir, log);
  product = await installProduct(cluster, log);
  log(`cluster and product up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  gateway = new GatewayClient(product.gatewayUrl, '127.0.0.1');
});

afterAll(async () => {
  if (dir) await clusterDown(dir, log);
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

interface CaughtMail {
  to: string[];
  data: string;
}

const caughtMail = (): CaughtMail[] => {
  const script = "fetch('http://127.0.0.1:8025/api/messages').then(r=>r.text()).then(console.log)";
  const result = cluster.kubectl([
    'exec',
    '-n',
    NAMESPACE,
    'deployment/mailpit',
    '--',
    'node',
    '-e',
    script,
  ]);
  return result.status === 0 ? (JSON.parse(result.stdout) as CaughtMail[]) : [];
};

describe('the product on a one-node cluster', () => {
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
    const mails = await eventually(
      async () => caughtMail().filter((mail) => mail.to.includes(student.email)),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.data.replace(/=\r\n/g, '')).toMatch(/reset-password/);

    await createTest(gateway, token, TEST_SAMPLES[1]);
    const refused = await gateway.post('/api/tests', testBody(TEST_SAMPLES[2]), token);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { statusCode: 403, message: LIMITS.freeTests },
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
    expect(pods.ready).toBe(true);
    expect(pods.summary).not.toMatch(/restarts=[1-9]/);
    log(
      `figures: images imported in ${product.importSeconds.toFixed(1)} s, dependencies ${product.dependencySeconds.toFixed(1)} s, helm install --wait ${product.helmSeconds.toFixed(1)} s`,
    );
  });
});
