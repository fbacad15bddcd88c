import Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  ERRORS,
  type BillingEventRecord,
  type Page,
  type PaymentRecord,
} from '@mcat/contracts';
import { BillingHarness, type TestUser } from './support/billing-harness';
import { StripeMock, type PromotionCodeState } from './support/stripe-mock';

const WEBHOOK_SECRET = 'whsec_test_billing';
const signer = new Stripe('sk_test_signer');

describe('premium purchase with the stripe provider (stripe-mock) and its webhooks', () => {
  let stripeMock: StripeMock;
  let billing: BillingHarness;
  let staff: TestUser;

  beforeAll(async () => {
    stripeMock = await StripeMock.start();
    billing = await BillingHarness.start({
      STRIPE_SECRET_KEY: 'sk_test_billing',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_billing',
      STRIPE_API_URL: stripeMock.url,
    });
    staff = billing.user(['billing']);
  });
  afterAll(async () => {
    await billing?.close();
    await stripeMock?.stop();
  });

  /** Buys: a PaymentIntent created through billing (on stripe-mock), answered its id. */
  async function openIntent(user: TestUser, couponId?: string): Promise<string> {
    const answer = await billing.post<{ clientSecret: string }>(
      '/api/auth/create-payment-intent',
      couponId ? { couponId } : {},
      user.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    // stripe-mock's client secret is a fixture naming another id; the ledger has the real one.
    const payments = await billing.get<Page<PaymentRecord>>(
      `/api/billing/payments?email=${encodeURIComponent(user.email)}`,
      staff.token,
    );
    return payments.body.items[0]?.id ?? '';
  }

  function event(
    type: string,
    object: Record<string, unknown>,
    id = `evt_${Math.random().toString(36).slice(2)}`,
  ) {
    return {
      id,
      object: 'event',
      api_version: '2025-09-30.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
  }

  const succeededIntent = (id: string, user: TestUser, amount = 1000) => ({
    id,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: 'usd',
    status: 'succeeded',
    receipt_email: user.email,
    metadata: { userId: user.id, couponId: '', userEmail: user.email },
  });

  async function deliver(
    payload: string,
    options: { timestamp?: number; secret?: string; signedPayload?: string } = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const signature = signer.webhooks.generateTestHeaderString({
      payload: options.signedPayload ?? payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    const response = await billing.fetch('/api/billing/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const eventsOf = async (user: TestUser) =>
    (
      await billing.get<Page<BillingEventRecord>>(
        `/api/billing/events?email=${encodeURIComponent(user.email)}`,
        staff.token,
      )
    ).body.items;

  it('gives the web app the provider and its publishable key', async () => {
    expect(await billing.get('/api/billing/config')).toEqual({
      status: 200,
      body: { provider: 'stripe', publishableKey: 'pk_test_billing' },
    });
  });

  describe('coupons: Stripe promotion codes only', () => {
    const refused = {
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon },
    };
    const active: PromotionCodeState = {
      code: 'SPRING25',
      active: true,
      expires_at: null,
      customer: null,
    };
    const applyCoupon = (user: TestUser, couponCode: string) =>
      billing.post<{ couponId: string; discount: string }>(
        '/api/auth/apply-coupon',
        { couponCode },
        user.token,
      );
    const createIntent = (user: TestUser, couponId: string) =>
      billing.post('/api/auth/create-payment-intent', { couponId }, user.token);
    const codesLookedUp = (from: number) =>
      stripeMock
        .requestsTo('/v1/promotion_codes', from)
        .map(({ method, query }) => [method, query.get('code'), query.get('active')]);

    afterEach(() => {
      stripeMock.promotionCode = null;
    });

    it('takes an active promotion code in any case and prices the PaymentIntent with its coupon on the server', async () => {
      stripeMock.promotionCode = active;
      const user = billing.user();
      const from = stripeMock.requests.length;
      const coupon = await applyCoupon(user, 'spring25');
      // The promotion code's coupon, stripe-mock's fixture, is 25.5% off.
      expect(coupon).toEqual({
        status: 200,
        body: { couponId: expect.stringMatching(/^promo_\w+$/), discount: '25.5% off' },
      });
      expect(codesLookedUp(from)).toEqual([['GET', 'spring25', 'true']]);

      const { couponId } = coupon.body;
      const id = await openIntent(user, couponId);
      expect(stripeMock.requestsTo(`/v1/promotion_codes/${couponId}`, from)).toHaveLength(1);
      expect(stripeMock.requestsTo('/v1/coupons', from)).toEqual([]);
      const payments = await billing.get<Page<PaymentRecord>>(
        `/api/billing/payments?email=${encodeURIComponent(user.email)}`,
        staff.token,
      );
      expect(payments.body.items).toEqual([
        expect.objectContaining({
          id,
          amount: 745,
          currency: 'usd',
          couponId,
          provider: 'stripe',
          status: 'requires_payment_method',
        }),
      ]);
    });

    it('refuses a Stripe coupon id typed as a code, as it refuses an unknown code, without reading any coupon', async () => {
      stripeMock.promotionCode = active;
      const user = billing.user();
      const from = stripeMock.requests.length;
      // Z4OV52SU is the coupon behind the promotion code; 100OFF stands for one made for staff.
      // stripe-mock would answer either as a valid coupon if it were asked for it.
      for (const code of ['Z4OV52SU', '100OFF', 'NOSUCHCODE']) {
        expect(await applyCoupon(user, code)).toEqual(refused);
      }
      expect(codesLookedUp(from)).toEqual([
        ['GET', 'Z4OV52SU', 'true'],
        ['GET', '100OFF', 'true'],
        ['GET', 'NOSUCHCODE', 'true'],
      ]);
      expect(stripeMock.requestsTo('/v1/coupons', from)).toEqual([]);
    });

    it('refuses a code Stripe answers with a promotion code of another code', async () => {
      stripeMock.promotionCode = active;
      const user = billing.user();
      for (const code of ['SPRING2', 'SPRING250', 'SPRING25X']) {
        expect(await applyCoupon(user, code)).toEqual(refused);
      }
      expect((await applyCoupon(user, 'Spring25')).status).toBe(200);
    });

    it('refuses an inactive, expired or one-customer promotion code', async () => {
      const user = billing.user();
      // stripe-mock's own fixture as it is: FALL20, inactive, expired in 2009.
      expect(await applyCoupon(user, 'FALL20')).toEqual(refused);
      const lastYear = Math.floor(Date.now() / 1000) - 365 * 24 * 3600;
      for (const state of [
        { active: false },
        { expires_at: lastYear },
        { customer: 'cus_someone_else' },
      ]) {
        stripeMock.promotionCode = { ...active, ...state };
        expect(await applyCoupon(user, 'SPRING25')).toEqual(refused);
      }
    });

    it('create-payment-intent takes only a promotion code id apply-coupon gave, read again from Stripe', async () => {
      const user = billing.user();
      const from = stripeMock.requests.length;
      for (const couponId of ['Z4OV52SU', '100OFF', 'SPRING25', 'promo_../../coupons/100OFF']) {
        expect(await createIntent(user, couponId)).toEqual(refused);
      }
      expect(stripeMock.requests.slice(from)).toEqual([]);

      stripeMock.promotionCode = active;
      const { couponId } = (await applyCoupon(user, 'SPRING25')).body;
      stripeMock.promotionCode = { ...active, active: false };
      expect(await createIntent(user, couponId)).toEqual(refused);
      expect(stripeMock.requestsTo('/v1/payment_intents', from)).toEqual([]);
      expect(
        (
          await billing.get<Page<PaymentRecord>>(
            `/api/billing/payments?email=${encodeURIComponent(user.email)}`,
            staff.token,
          )
        ).body.items,
      ).toEqual([]);
    });
  });

  it('refuses to confirm a PaymentIntent Stripe does not show as the caller’s succeeded payment', async () => {
    const user = billing.user();
    const id = await openIntent(user);
    // stripe-mock answers a fixture PaymentIntent without the caller in its metadata.
    expect(
      await billing.post('/api/auth/confirm-premium', { paymentIntentId: id }, user.token),
    ).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: BILLING_MESSAGES.paymentNotFound },
    });
  });

  it('a signed payment_intent.succeeded grants premium without confirm-premium', async () => {
    const user = billing.user();
    const id = await openIntent(user);
    const answer = await deliver(
      JSON.stringify(event('payment_intent.succeeded', succeededIntent(id, user))),
    );
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(billing.auth.users.get(user.id)?.isPremium).toBe(true);
    await billing.expectOnePurchase(user.id, { amount: 1000, provider: 'stripe' });
    expect(await eventsOf(user)).toEqual([
      expect.objectContaining({
        type: 'payment_intent.succeeded',
        provider: 'stripe',
        amount: 1000,
        currency: 'usd',
        email: user.email,
        userId: user.id,
        status: 'succeeded',
        paymentIntentId: id,
        payload: expect.objectContaining({ type: 'payment_intent.succeeded' }),
      }),
    ]);
  });

  it('refuses a tampered body, a stale timestamp, a wrong secret and a missing signature', async () => {
    const user = billing.user();
    const id = await openIntent(user);
    const genuine = JSON.stringify(event('payment_intent.succeeded', succeededIntent(id, user)));
    const tampered = genuine.replace('"amount":1000', '"amount":1');
    const refused = {
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: BILLING_MESSAGES.webhookSignature },
    };

    expect(await deliver(tampered, { signedPayload: genuine })).toEqual(refused);
    expect(await deliver(genuine, { timestamp: Math.floor(Date.now() / 1000) - 600 })).toEqual(
      refused,
    );
    expect(await deliver(genuine, { secret: 'whsec_someone_else' })).toEqual(refused);
    const unsigned = await billing.fetch('/api/billing/webhook', { method: 'POST', body: genuine });
    expect(unsigned.status).toBe(400);

    expect(await billing.purchasesOf(user.id)).toBe(0);
    expect(billing.auth.users.get(user.id)?.isPremium).toBe(false);
    expect(await eventsOf(user)).toEqual([]);
  });

  it('a replayed event id has no second effect, even delivered concurrently', async () => {
    const user = billing.user();
    const id = await openIntent(user);
    const payload = JSON.stringify(event('payment_intent.succeeded', succeededIntent(id, user)));
    const answers = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const replay = await deliver(payload);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });

    expect(await eventsOf(user)).toHaveLength(1);
    expect(await billing.purchasesOf(user.id)).toBe(1);
    expect(await billing.settledPremiumEventsOf(user.id)).toHaveLength(1);
    const callsAfter = billing.auth.premiumCallsFor(user.id);
    await deliver(payload);
    expect(billing.auth.premiumCallsFor(user.id)).toBe(callsAfter);
  });

  it('does not grant premium for a succeeded payment of another amount than billing set', async () => {
    const user = billing.user();
    const id = await openIntent(user);
    const answer = await deliver(
      JSON.stringify(event('payment_intent.succeeded', succeededIntent(id, user, 100))),
    );
    expect(answer.status).toBe(200);
    expect(await billing.purchasesOf(user.id)).toBe(0);
    expect(await eventsOf(user)).toEqual([expect.objectContaining({ amount: 100 })]);
  });

  it('records a failed payment, a full refund and a dispute; premium stays after the refund', async () => {
    const user = billing.user();
    const id = await openIntent(user);
    await deliver(
      JSON.stringify(
        event('payment_intent.payment_failed', {
          ...succeededIntent(id, user),
          status: 'requires_payment_method',
          amount_received: 0,
          last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
        }),
      ),
    );
    await deliver(JSON.stringify(event('payment_intent.succeeded', succeededIntent(id, user))));
    const charge = {
      id: 'ch_test_refund',
      object: 'charge',
      amount: 1000,
      amount_refunded: 1000,
      refunded: true,
      currency: 'usd',
      status: 'succeeded',
      payment_intent: id,
      billing_details: { email: user.email },
      metadata: {},
    };
    expect((await deliver(JSON.stringify(event('charge.refunded', charge)))).status).toBe(200);
    const dispute = {
      id: 'dp_test',
      object: 'dispute',
      amount: 1000,
      currency: 'usd',
      status: 'needs_response',
      charge: 'ch_test_refund',
      payment_intent: id,
      metadata: {},
    };
    expect((await deliver(JSON.stringify(event('charge.dispute.created', dispute)))).status).toBe(
      200,
    );

    const events = await eventsOf(user);
    expect(events.map((e) => [e.type, e.status, e.amount, e.userId])).toEqual([
      ['charge.dispute.created', 'needs_response', 1000, user.id],
      ['charge.refunded', 'refunded', 1000, user.id],
      ['payment_intent.succeeded', 'succeeded', 1000, user.id],
      ['payment_intent.payment_failed', 'requires_payment_method', 1000, user.id],
    ]);
    const payment = (
      await billing.get<Page<PaymentRecord>>(
        `/api/billing/payments?email=${encodeURIComponent(user.email)}`,
        staff.token,
      )
    ).body.items[0];
    expect(payment).toMatchObject({ status: 'succeeded', amountRefunded: 1000, disputed: true });
    const purchase = await billing.db.collection('purchases').findOne({ userId: user.id });
    expect(purchase).toMatchObject({ status: 'refunded', disputed: true });
    expect(billing.auth.users.get(user.id)?.isPremium).toBe(true);
  });
});
