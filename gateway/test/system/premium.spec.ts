/**
 * Issue 5, through the gateway with the dev payment provider: the free coupon, the paid path with
 * a declined card and then a good one, the plan limit lifted at once, confirm-premium repeated and
 * racing, another user's PaymentIntent, and the billing staff's lists.
 */
import mongoose from 'mongoose';
import { connect } from 'nats';
import {
  ERRORS,
  EVENT_SUBJECTS,
  LIMITS,
  VALIDATION,
  type CouponResult,
  type Page,
  type PaymentIntentResult,
  type PaymentRecord,
  type BillingEventRecord,
  type EventEnvelope,
  type Test,
  type User,
} from '@mcat/contracts';
import { infraUrls, withDatabase } from '@mcat/test-support/stack';
import { login, register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { expectPublicUser } from './support/public-fields';
import { grantRole } from './support/staff';
import { createTest, testBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();

const DECLINED_CARD = '4000 0000 0000 0002';
const GOOD_CARD = '4242 4242 4242 4242';
const RACING_CONFIRMS = 5;

const statusAndBody = (response: GatewayResponse<unknown>) => ({
  status: response.status,
  body: response.body,
});

const intentIdOf = (clientSecret: string): string => clientSecret.split('_secret_')[0] as string;

async function openPaymentIntent(buyer: SignedIn): Promise<{ id: string; clientSecret: string }> {
  const created = await gateway.post<PaymentIntentResult>(
    '/api/auth/create-payment-intent',
    {},
    buyer.token,
  );
  expect(created.status).toBe(200);
  if (created.body.free) throw new Error('A paid PaymentIntent was expected');
  const { clientSecret } = created.body;
  return { id: intentIdOf(clientSecret), clientSecret };
}

const payWithCard = (buyer: SignedIn, intent: { id: string; clientSecret: string }, card: string) =>
  gateway.post<Record<string, unknown>>(
    `/api/billing/dev/payment-intents/${intent.id}/confirm`,
    { clientSecret: intent.clientSecret, cardNumber: card },
    buyer.token,
  );

const confirmPremium = (buyer: SignedIn, paymentIntentId: string) =>
  gateway.post<User>('/api/auth/confirm-premium', { paymentIntentId }, buyer.token);

/** Purchases billing stored for a user, read from its database. */
async function storedPurchases(userId: string): Promise<number> {
  const connection = await mongoose
    .createConnection(withDatabase(systemEnv.mongoUrl, 'mcat_billing'))
    .asPromise();
  try {
    return await connection.collection('purchases').countDocuments({ userId });
  } finally {
    await connection.close();
  }
}

const BILLING_STREAM = 'BILLING';
const OUTBOX_DRAIN_MS = 15_000;

/** Waits until billing's outbox relay has published every event of the user's purchase. */
async function purchaseEventsRelayed(userId: string): Promise<void> {
  const connection = await mongoose
    .createConnection(withDatabase(systemEnv.mongoUrl, 'mcat_billing'))
    .asPromise();
  try {
    const deadline = Date.now() + OUTBOX_DRAIN_MS;
    for (;;) {
      const purchase = await connection
        .collection<{ outbox?: unknown[] }>('purchases')
        .findOne({ userId }, { projection: { outbox: 1 } });
      if (purchase && (purchase.outbox ?? []).length === 0) return;
      if (Date.now() > deadline) throw new Error(`The purchase of ${userId} kept unsent events`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await connection.close();
  }
}

/**
 * The `billing.premium.purchased` events about a user in the stack's JetStream stream, once the
 * purchase's outbox is empty (everything it will publish is published).
 */
async function publishedPremiumEvents(userId: string): Promise<number> {
  await purchaseEventsRelayed(userId);
  const nc = await connect({ servers: infraUrls(systemEnv.profile).NATS_URL });
  try {
    const subject = EVENT_SUBJECTS.premiumPurchased;
    const jsm = await nc.jetstreamManager();
    const { state } = await jsm.streams.info(BILLING_STREAM, { subjects_filter: subject });
    const stored = state.subjects?.[subject] ?? 0;
    if (stored === 0) return 0;
    const consumer = await nc.jetstream().consumers.get(BILLING_STREAM, {
      filterSubjects: subject,
    });
    const messages = await consumer.fetch({ max_messages: stored, expires: 10_000 });
    let read = 0;
    let aboutUser = 0;
    for await (const message of messages) {
      read += 1;
      const event = message.json<EventEnvelope<'billing.premium.purchased'>>();
      if (event.data.userId === userId) aboutUser += 1;
      if (read === stored) break;
    }
    if (read < stored) throw new Error(`Read ${read} of the ${stored} stored premium events`);
    return aboutUser;
  } finally {
    await nc.close();
  }
}

describe('coupons', () => {
  it('answers an empty and an unknown code with the spec messages', async () => {
    const { token } = await register(gateway);
    expect(
      statusAndBody(await gateway.post('/api/auth/apply-coupon', { couponCode: ' ' }, token)),
    ).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: VALIDATION.couponRequired },
    });
    expect(
      statusAndBody(
        await gateway.post('/api/auth/apply-coupon', { couponCode: 'NOSUCHCODE' }, token),
      ),
    ).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon },
    });
  });

  it('FREEMCAT makes the user premium at once, with nothing to pay', async () => {
    const student = await register(gateway);
    const coupon = await gateway.post<CouponResult>(
      '/api/auth/apply-coupon',
      { couponCode: 'FREEMCAT' },
      student.token,
    );
    expect(statusAndBody(coupon)).toEqual({
      status: 200,
      body: { couponId: expect.any(String), discount: 'free' },
    });

    const claimed = await gateway.post<PaymentIntentResult>(
      '/api/auth/create-payment-intent',
      { couponId: coupon.body.couponId },
      student.token,
    );
    expect(statusAndBody(claimed)).toEqual({
      status: 200,
      body: { free: true, user: { ...student.user, isPremium: true } },
    });
    const me = expectPublicUser(await gateway.get<User>('/api/auth/me', student.token));
    expect(me.body.isPremium).toBe(true);

    const again = await gateway.post('/api/auth/create-payment-intent', {}, student.token);
    expect(again.status).toBe(409);
  });
});

describe('the paid path', () => {
  let buyer: SignedIn;
  let intent: { id: string; clientSecret: string };

  beforeAll(async () => {
    buyer = await register(gateway);
  });

  it('a free user holding 2 tests is refused a third', async () => {
    await createTest(gateway, buyer.token, TEST_SAMPLES[0]);
    await createTest(gateway, buyer.token, TEST_SAMPLES[1]);
    const third = await gateway.post('/api/tests', testBody(TEST_SAMPLES[2]), buyer.token);
    expect(statusAndBody(third)).toEqual({
      status: 403,
      body: { statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: LIMITS.freeTests, plan: 'free' },
    });
  });

  it('a declined card leaves the user free, with the card message', async () => {
    intent = await openPaymentIntent(buyer);
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect((await openPaymentIntent(buyer)).id).toBe(intent.id);

    const declined = await payWithCard(buyer, intent, DECLINED_CARD);
    expect(statusAndBody(declined)).toEqual({
      status: 402,
      body: { statusCode: 402, code: 'PAYMENT_DECLINED', message: ERRORS.cardDeclined },
    });
    const refused = await confirmPremium(buyer, intent.id);
    expect(refused.status).toBe(400);
    expect((await gateway.get<User>('/api/auth/me', buyer.token)).body.isPremium).toBe(false);
  });

  it('4242 then pays, and confirm-premium answers the user premium', async () => {
    const paid = await payWithCard(buyer, intent, GOOD_CARD);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: intent.id, status: 'succeeded', amount: 1000 });

    const confirmed = expectPublicUser(await confirmPremium(buyer, intent.id));
    expect(statusAndBody(confirmed)).toEqual({
      status: 200,
      body: { ...buyer.user, isPremium: true },
    });
    expect((await gateway.get<User>('/api/auth/me', buyer.token)).body.isPremium).toBe(true);
  });

  it('the third test is accepted at once', async () => {
    const third = await gateway.post<Test>('/api/tests', testBody(TEST_SAMPLES[2]), buyer.token);
    expect(third.status).toBe(201);
    expect((await gateway.get<Test[]>('/api/tests', buyer.token)).body).toHaveLength(3);
  });

  it('confirm-premium repeated and racing gives the same answer, one purchase and one event', async () => {
    const repeated = await confirmPremium(buyer, intent.id);
    const racing = await Promise.all(
      Array.from({ length: RACING_CONFIRMS }, () => confirmPremium(buyer, intent.id)),
    );
    for (const response of [repeated, ...racing]) {
      expect(statusAndBody(response)).toEqual({
        status: 200,
        body: { ...buyer.user, isPremium: true },
      });
    }
    expect(await storedPurchases(buyer.user._id)).toBe(1);
    expect(await publishedPremiumEvents(buyer.user._id)).toBe(1);
  });

  it('another user cannot confirm this PaymentIntent', async () => {
    const stranger = await register(gateway);
    const answer = await confirmPremium(stranger, intent.id);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: expect.any(String),
    });
    expect((await gateway.get<User>('/api/auth/me', stranger.token)).body.isPremium).toBe(false);
    const paidByStranger = await payWithCard(stranger, intent, GOOD_CARD);
    expect(paidByStranger.status).toBe(404);
  });

  describe('the billing staff endpoints', () => {
    const query = () => `?email=${encodeURIComponent(buyer.email)}`;

    it('answer 403 to a student', async () => {
      for (const path of ['/api/billing/payments', '/api/billing/events']) {
        expect((await gateway.get(`${path}${query()}`, buyer.token)).status).toBe(403);
      }
    });

    it('list the purchase, once, for a user granted the billing role', async () => {
      const staff = await register(gateway);
      const granted = await grantRole(staff.email, 'billing');
      expect({ code: granted.code, stderr: granted.stderr }).toEqual({ code: 0, stderr: '' });

      // The role is in the tokens issued from now on.
      expect((await gateway.get(`/api/billing/payments${query()}`, staff.token)).status).toBe(403);
      const again = await login(gateway, staff);
      expect(again.user.roles).toEqual(['student', 'billing']);

      const payments = await gateway.get<Page<PaymentRecord>>(
        `/api/billing/payments${query()}`,
        again.token,
      );
      expect(payments.status).toBe(200);
      expect(payments.body.total).toBe(1);
      expect(payments.body.items).toEqual([
        expect.objectContaining({
          id: intent.id,
          userId: buyer.user._id,
          email: buyer.email,
          amount: 1000,
          status: 'succeeded',
        }),
      ]);

      const events = await gateway.get<Page<BillingEventRecord>>(
        `/api/billing/events${query()}`,
        again.token,
      );
      expect(events.status).toBe(200);
      const types = events.body.items.map((event) => event.type).sort();
      expect(types).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
    });
  });
});

describe('the payment event racing confirm-premium', () => {
  it('leaves one purchase and one published event whichever grants premium first', async () => {
    const buyer = await register(gateway);
    const intent = await openPaymentIntent(buyer);
    const [paid, ...confirms] = await Promise.all([
      payWithCard(buyer, intent, GOOD_CARD),
      ...Array.from({ length: RACING_CONFIRMS }, () => confirmPremium(buyer, intent.id)),
    ]);
    expect(paid?.status).toBe(200);
    for (const confirm of confirms) expect([200, 400]).toContain(confirm.status);
    const after = await confirmPremium(buyer, intent.id);
    expect(statusAndBody(after)).toEqual({ status: 200, body: { ...buyer.user, isPremium: true } });
    expect(await storedPurchases(buyer.user._id)).toBe(1);
    expect(await publishedPremiumEvents(buyer.user._id)).toBe(1);
  });
});
