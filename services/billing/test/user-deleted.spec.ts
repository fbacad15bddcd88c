import { EVENT_SUBJECTS, type BillingAccountData } from '@mcat/contracts';
import { createEventEnvelope, internalRequestHeaders } from '@mcat/service-kit';
import { deliverEvent, TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { connect, type NatsConnection } from 'nats';
import { BillingEventsService } from '../src/webhooks/billing-events.service';
import { BillingHarness, type TestUser } from './support/billing-harness';

const CARD_OK = '4242 4242 4242 4242';

/** A stored record keyed by a string id (payments, intents and events are keyed by the provider's id). */
interface Stored {
  _id: string;
  [field: string]: unknown;
}

/**
 * A NATS of this file's own: billing instances on one NATS share the durable consumer
 * `billing-auth-user-deleted`, so another test file's instance could take the event.
 */
let nats: PrivateServer;
let nc: NatsConnection;
let billing: BillingHarness;

beforeAll(async () => {
  nats = await privateNats();
  billing = await BillingHarness.start({ PAYMENT_PROVIDER: 'dev', NATS_URL: nats.url });
  nc = await connect({ servers: nats.url });
});
afterAll(async () => {
  await nc?.close();
  await billing?.close();
  await nats?.dispose();
});

/** Buys premium with the dev card, as the web app does; answers the PaymentIntent id. */
async function buyPremium(user: TestUser): Promise<string> {
  const intent = await billing.post<{ clientSecret: string }>(
    '/api/auth/create-payment-intent',
    {},
    user.token,
  );
  expect(intent.status).toBe(200);
  const { clientSecret } = intent.body;
  const id = clientSecret.split('_secret_')[0] ?? '';
  const paid = await billing.post(
    `/api/billing/dev/payment-intents/${id}/confirm`,
    { clientSecret, cardNumber: CARD_OK },
    user.token,
  );
  expect(paid.status).toBe(200);
  expect(
    (await billing.post('/api/auth/confirm-premium', { paymentIntentId: id }, user.token)).status,
  ).toBe(200);
  return id;
}

/** A provider event about the payment, as the webhook stores it (name and e-mail in the payload). */
async function storeProviderEvent(user: TestUser, paymentIntentId: string): Promise<void> {
  await billing.db.collection<Stored>('billing_events').insertOne({
    _id: `evt_${paymentIntentId}`,
    type: 'payment_intent.succeeded',
    provider: 'dev',
    occurredAt: new Date(),
    amount: 1000,
    currency: 'usd',
    email: user.email,
    userId: user.id,
    status: 'succeeded',
    paymentIntentId,
    payload: JSON.stringify({
      id: `evt_${paymentIntentId}`,
      data: {
        object: {
          id: paymentIntentId,
          amount: 1000,
          receipt_email: user.email,
          metadata: { userId: user.id, userEmail: user.email },
          billing_details: { name: 'Ada Lovelace', email: user.email },
        },
      },
    }),
    handledAt: new Date(),
    receivedAt: new Date(),
  });
}

const exportOf = (userId: string, headers: Record<string, string>) =>
  fetch(`${billing.baseUrl}/internal/billing/users/${userId}/export`, { headers });

describe("billing's part of the student's data", () => {
  it('exports the payments and the purchase without card data or e-mail, only with the service credential', async () => {
    const [ada, bob] = [billing.user(), billing.user()];
    const adaPayment = await buyPremium(ada);
    await buyPremium(bob);

    const response = await exportOf(ada.id, internalRequestHeaders(TEST_INTERNAL_API_TOKEN));
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as BillingAccountData;
    expect(body.payments).toEqual([
      {
        id: adaPayment,
        provider: 'dev',
        amount: expect.any(Number),
        currency: 'usd',
        couponId: null,
        status: 'succeeded',
        amountRefunded: 0,
        createdAt: expect.any(String),
      },
    ]);
    expect(body.purchases).toEqual([
      expect.objectContaining({ provider: 'dev', status: 'active', couponId: null }),
    ]);
    expect(text).not.toContain(ada.email);
    expect(text).not.toContain(bob.id);
    expect(text).not.toMatch(/4242|client_secret|_secret_/);

    expect((await exportOf(ada.id, {})).status).toBe(404);
    expect((await exportOf('nope', internalRequestHeaders(TEST_INTERNAL_API_TOKEN))).status).toBe(
      400,
    );
  });

  it('auth.user.deleted keeps the payment records without name and e-mail; a repeat is harmless', async () => {
    const [ada, bob] = [billing.user(), billing.user()];
    const adaPayment = await buyPremium(ada);
    const bobPayment = await buyPremium(bob);
    await storeProviderEvent(ada, adaPayment);
    await billing.db.collection<Stored>('idempotency_keys').insertOne({ _id: `${ada.id}:key-1` });
    const records = (name: string) => billing.db.collection<Stored>(name);

    await deliverEvent(
      nc,
      'billing',
      createEventEnvelope(EVENT_SUBJECTS.userDeleted, { userId: ada.id }),
    );

    const check = async () => {
      const payment = await records('payments').findOne({ _id: adaPayment });
      expect(payment).toMatchObject({ userId: ada.id, email: null, status: 'succeeded' });
      expect(await billing.purchasesOf(ada.id)).toBe(1);
      const event = await records('billing_events').findOne({ paymentIntentId: adaPayment });
      expect(event).toMatchObject({ email: null, amount: 1000, status: 'succeeded' });
      expect(String(event!.payload)).not.toContain(ada.email);
      expect(String(event!.payload)).not.toContain('Ada Lovelace');
      expect(JSON.parse(String(event!.payload))).toMatchObject({
        data: { object: { id: adaPayment, amount: 1000, receipt_email: null } },
      });
      const intent = await records('dev_payment_intents').findOne({ _id: adaPayment });
      expect(intent).toMatchObject({
        receipt_email: null,
        metadata: { userId: ada.id, userEmail: null },
      });
      expect(await records('idempotency_keys').countDocuments({ _id: `${ada.id}:key-1` })).toBe(0);
      // Another account's records are untouched.
      const bobs = await records('payments').findOne({ _id: bobPayment });
      expect(bobs).toMatchObject({ email: bob.email });
    };
    await check();

    await deliverEvent(
      nc,
      'billing',
      createEventEnvelope(EVENT_SUBJECTS.userDeleted, { userId: ada.id }),
    );
    await check();
  }, 30_000);

  it('a provider event about an erased account’s payment, arriving later, is applied and stored without the person', async () => {
    const ada = billing.user();
    const adaPayment = await buyPremium(ada);
    await deliverEvent(
      nc,
      'billing',
      createEventEnvelope(EVENT_SUBJECTS.userDeleted, { userId: ada.id }),
    );
    const charge = {
      id: `ch_${adaPayment}`,
      object: 'charge',
      amount: 1000,
      amount_refunded: 1000,
      currency: 'usd',
      status: 'succeeded',
      payment_intent: adaPayment,
      receipt_email: ada.email,
      billing_details: { name: 'Ada Lovelace', email: ada.email },
      metadata: { userId: ada.id },
    };
    const refund = {
      id: `evt_refund_${adaPayment}`,
      type: 'charge.refunded',
      created: new Date(),
      object: charge,
      payload: { id: `evt_refund_${adaPayment}`, data: { object: charge } },
    };
    expect(await billing.app.get(BillingEventsService).ingest(refund)).toEqual({
      duplicate: false,
    });

    const stored = await billing.db
      .collection<Stored>('billing_events')
      .findOne({ _id: refund.id });
    expect(stored).toMatchObject({ userId: ada.id, email: null, status: 'refunded' });
    expect(String(stored!.payload)).not.toContain(ada.email);
    expect(String(stored!.payload)).not.toContain('Ada Lovelace');
    expect(JSON.parse(String(stored!.payload))).toMatchObject({
      data: { object: { id: charge.id, amount_refunded: 1000, billing_details: null } },
    });
    const payment = await billing.db.collection<Stored>('payments').findOne({ _id: adaPayment });
    expect(payment).toMatchObject({ email: null, amountRefunded: 1000 });
  }, 30_000);
});
