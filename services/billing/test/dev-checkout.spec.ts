import { randomInt } from 'node:crypto';
import {
  BILLING_MESSAGES,
  ERRORS,
  VALIDATION,
  tooManyAttempts,
  type PaymentRecord,
  type Page,
  type User,
} from '@mcat/contracts';
import { refusal } from '@mcat/test-support/refusal';
import { BillingHarness, type TestUser } from './support/billing-harness';

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD_NO_FUNDS = '4000 0000 0000 9995';
const CONCURRENT_CLAIMS = 8;

describe('premium purchase with the dev provider', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await BillingHarness.start({
      PAYMENT_PROVIDER: 'dev',
      DEV_COUPONS: `FREEMCAT:100%,HALFOFF:50%,FIVE:$5.00,ONCE:100%:max=1,LAST:100%:max=1,HALFONCE:50%:max=1,OLD:50%:until=2020-01-31`,
    });
  });
  afterAll(() => billing.close());

  const createIntent = (user: TestUser, couponId?: string) =>
    billing.post<{ clientSecret?: string; free?: boolean; user?: User; message?: string }>(
      '/api/auth/create-payment-intent',
      couponId ? { couponId } : {},
      user.token,
    );
  const intentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';
  const payCard = (user: TestUser, clientSecret: string, cardNumber: string) =>
    billing.post<{ status?: string; message?: string; amount?: number }>(
      `/api/billing/dev/payment-intents/${intentId(clientSecret)}/confirm`,
      { clientSecret, cardNumber },
      user.token,
    );
  const confirm = (user: TestUser, paymentIntentId: string) =>
    billing.post<User & { message?: string }>(
      '/api/auth/confirm-premium',
      { paymentIntentId },
      user.token,
    );

  describe('coupons', () => {
    it('asks for a code when none is entered', async () => {
      const user = billing.user();
      for (const body of [{}, { couponCode: '' }, { couponCode: '   ' }]) {
        const answer = await billing.post('/api/auth/apply-coupon', body, user.token);
        expect(answer).toEqual({
          status: 400,
          body: { statusCode: 400, code: 'VALIDATION', message: VALIDATION.couponRequired },
        });
      }
    });

    it.each([['NOPE'], ['OLD']])('refuses the unknown or expired code %s', async (code) => {
      const answer = await billing.post(
        '/api/auth/apply-coupon',
        { couponCode: code },
        billing.user().token,
      );
      expect(answer).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon },
      });
    });

    it.each([
      ['FREEMCAT', 'free'],
      ['halfoff', '50% off'],
      ['FIVE', '$5.00 off'],
    ])('describes %s as %s', async (code, discount) => {
      const answer = await billing.post(
        '/api/auth/apply-coupon',
        { couponCode: code },
        billing.user().token,
      );
      expect(answer).toEqual({
        status: 200,
        body: { couponId: code.toUpperCase(), discount },
      });
    });

    it('refuses a coupon once it is used up', async () => {
      const first = billing.user();
      expect((await createIntent(first, 'ONCE')).body.free).toBe(true);
      const answer = await billing.post(
        '/api/auth/apply-coupon',
        { couponCode: 'ONCE' },
        billing.user().token,
      );
      expect(answer.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: ERRORS.invalidCoupon,
      });
    });

    it('gives the last redemption of a coupon to exactly one of many users claiming it at once', async () => {
      const claimants = Array.from({ length: CONCURRENT_CLAIMS }, () => billing.user());
      const answers = await Promise.all(claimants.map((user) => createIntent(user, 'LAST')));

      const granted = claimants.filter((_, i) => answers[i]?.status === 200);
      expect(granted.map((user) => user.id)).toHaveLength(1);
      const winner = granted[0] as TestUser;
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(
        Array.from({ length: CONCURRENT_CLAIMS - 1 }, () => ({
          status: 400,
          body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon },
        })),
      );
      expect(await billing.db.collection('purchases').countDocuments({ couponId: 'LAST' })).toBe(1);
      expect(await billing.purchasesOf(winner.id)).toBe(1);
      for (const user of claimants) {
        expect(billing.auth.premiumCallsFor(user.id)).toBe(user === winner ? 1 : 0);
      }
      await billing.eventually(() => billing.premiumEventsFor(winner.id).length > 0);
      expect(
        claimants.flatMap((user) => billing.premiumEventsFor(user.id)).map((e) => e.data.userId),
      ).toEqual([winner.id]);
    });

    it('needs a signed-in user', async () => {
      const answer = await billing.post('/api/auth/apply-coupon', { couponCode: 'FREEMCAT' });
      expect(answer.status).toBe(401);
    });
  });

  describe('guessing coupon codes', () => {
    /** A client address, sent as the gateway forwards it (loopback itself is exempt here). */
    const anAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const applyFrom = async (user: TestUser, couponCode: string, address: string) => {
      const response = await billing.fetch('/api/auth/apply-coupon', {
        method: 'POST',
        token: user.token,
        body: JSON.stringify({ couponCode }),
        headers: { 'x-forwarded-for': address },
      });
      return {
        status: response.status,
        retryAfter: Number(response.headers.get('retry-after')),
        body: (await response.json()) as Record<string, unknown>,
      };
    };
    const invalid = { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon };
    const expectTooMany = (answer: Awaited<ReturnType<typeof applyFrom>>) => {
      expect(answer.status).toBe(429);
      // An hour's window, begun by this test's first attempt.
      expect(answer.retryAfter).toBeGreaterThan(3000);
      expect(answer.retryAfter).toBeLessThanOrEqual(3600);
      expect(answer.body).toEqual({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: tooManyAttempts(answer.retryAfter),
      });
    };

    it("an account's 11th attempt within the hour is refused with Retry-After, even with a good code and from new addresses; another account is not", async () => {
      const guesser = billing.user();
      for (let i = 0; i < 10; i += 1) {
        expect((await applyFrom(guesser, `GUESS${i}`, anAddress())).body).toEqual(invalid);
      }
      expectTooMany(await applyFrom(guesser, 'FREEMCAT', anAddress()));

      expect(await applyFrom(billing.user(), 'FREEMCAT', anAddress())).toMatchObject({
        status: 200,
        body: { couponId: 'FREEMCAT', discount: 'free' },
      });
    });

    it("an address's 31st attempt within the hour is refused whichever account makes it; another address is not", async () => {
      const address = anAddress();
      for (const guesser of [billing.user(), billing.user(), billing.user()]) {
        for (let i = 0; i < 10; i += 1) {
          expect((await applyFrom(guesser, `GUESS${i}`, address)).body).toEqual(invalid);
        }
      }
      const newcomer = billing.user();
      expectTooMany(await applyFrom(newcomer, 'HALFOFF', address));
      expect((await applyFrom(newcomer, 'HALFOFF', anAddress())).status).toBe(200);
    });

    it('an exempt address (RATE_LIMIT_EXEMPT_IPS) is not counted per address, but its accounts are', async () => {
      const guessers = Array.from({ length: 4 }, () => billing.user());
      for (const guesser of guessers) {
        for (let i = 0; i < 10; i += 1) {
          expect((await applyFrom(guesser, `GUESS${i}`, '127.0.0.1')).body).toEqual(invalid);
        }
      }
      expectTooMany(await applyFrom(guessers[0] as TestUser, 'FREEMCAT', '127.0.0.1'));
    });
  });

  describe('a free coupon', () => {
    it('grants premium at once, records one purchase and publishes one event', async () => {
      const user = billing.user();
      const answer = await createIntent(user, 'FREEMCAT');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        free: true,
        user: expect.objectContaining({ _id: user.id, email: user.email, isPremium: true }),
      });
      expect(billing.auth.premiumCallsFor(user.id)).toBe(1);
      await billing.expectOnePurchase(user.id, {
        amount: 0,
        provider: 'dev',
        couponId: 'FREEMCAT',
      });
    });

    it('answers 409 to a user who is premium already', async () => {
      const user = billing.user();
      await createIntent(user, 'FREEMCAT');
      const again = await createIntent(user);
      expect(again).toEqual(refusal(409, 'ALREADY_PREMIUM', BILLING_MESSAGES.alreadyPremium));
    });

    it('refuses a couponId that is not a coupon', async () => {
      const answer = await createIntent(billing.user(), 'MADEUP');
      expect(answer.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: ERRORS.invalidCoupon,
      });
    });
  });

  describe('paying by card', () => {
    it('reuses the open PaymentIntent and prices it on the server', async () => {
      const user = billing.user();
      const first = await createIntent(user);
      const second = await createIntent(user);
      expect(first.status).toBe(200);
      expect(second.body.clientSecret).toBe(first.body.clientSecret);

      const halfOff = await createIntent(user, 'HALFOFF');
      expect(intentId(halfOff.body.clientSecret ?? '')).toBe(
        intentId(first.body.clientSecret ?? ''),
      );
      const paid = await payCard(user, halfOff.body.clientSecret ?? '', CARD_OK);
      expect(paid.body).toMatchObject({ status: 'succeeded', amount: 500 });
    });

    it('a paid purchase with a coupon uses up one of its redemptions', async () => {
      const buyer = billing.user();
      const { clientSecret = '' } = (await createIntent(buyer, 'HALFONCE')).body;
      expect((await payCard(buyer, clientSecret, CARD_OK)).body).toMatchObject({ amount: 500 });
      expect((await confirm(buyer, intentId(clientSecret))).body.isPremium).toBe(true);

      const next = billing.user();
      const answer = await billing.post(
        '/api/auth/apply-coupon',
        { couponCode: 'HALFONCE' },
        next.token,
      );
      expect(answer).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon },
      });
      expect((await createIntent(next, 'HALFONCE')).body).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: ERRORS.invalidCoupon,
      });
    });

    it('shows a declined card, then a good one makes the user premium', async () => {
      const user = billing.user();
      const { clientSecret = '' } = (await createIntent(user)).body;
      const id = intentId(clientSecret);

      const declined = await payCard(user, clientSecret, CARD_DECLINED);
      expect(declined).toEqual({
        status: 402,
        body: { statusCode: 402, code: 'PAYMENT_DECLINED', message: ERRORS.cardDeclined },
      });
      expect(await confirm(user, id)).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.cardDeclined },
      });

      const noFunds = await payCard(user, clientSecret, CARD_NO_FUNDS);
      expect(noFunds.body).toEqual({
        statusCode: 402,
        code: 'PAYMENT_DECLINED',
        message: ERRORS.cardInsufficientFunds,
      });

      const paid = await payCard(user, clientSecret, CARD_OK);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ object: 'payment_intent', status: 'succeeded' });

      const confirmed = await confirm(user, id);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ _id: user.id, isPremium: true });

      const again = await confirm(user, id);
      expect(again).toEqual(confirmed);
      expect(await billing.purchasesOf(user.id)).toBe(1);
      expect(await billing.settledPremiumEventsOf(user.id)).toHaveLength(1);
      expect(billing.premiumEventsFor(user.id)[0]?.data).toMatchObject({
        amount: 1000,
        currency: 'usd',
        couponId: null,
      });
    });

    it('confirm-premium racing the payment event leaves one purchase and one event', async () => {
      const user = billing.user();
      const { clientSecret = '' } = (await createIntent(user)).body;
      billing.auth.premiumDelayMs = 300;
      try {
        const paying = payCard(user, clientSecret, CARD_OK);
        await new Promise((r) => setTimeout(r, 100));
        const confirms = await Promise.all(
          [1, 2, 3].map(() => confirm(user, intentId(clientSecret))),
        );
        expect((await paying).status).toBe(200);
        for (const answer of confirms) {
          expect(answer.status).toBe(200);
          expect(answer.body).toMatchObject({ _id: user.id, isPremium: true });
        }
      } finally {
        billing.auth.premiumDelayMs = 0;
      }
      expect(await billing.purchasesOf(user.id)).toBe(1);
      expect(await billing.settledPremiumEventsOf(user.id)).toHaveLength(1);
    });

    it("answers 400 to another user's PaymentIntent", async () => {
      const owner = billing.user();
      const { clientSecret = '' } = (await createIntent(owner)).body;
      await payCard(owner, clientSecret, CARD_OK);
      const stranger = billing.user();
      expect(await confirm(stranger, intentId(clientSecret))).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: BILLING_MESSAGES.paymentNotFound },
      });
      expect(await billing.purchasesOf(stranger.id)).toBe(0);
      const foreignCard = await payCard(stranger, clientSecret, CARD_OK);
      expect(foreignCard.status).toBe(404);
    });

    it('answers 400 with the fallback-free reason for an unpaid or unknown PaymentIntent', async () => {
      const user = billing.user();
      const { clientSecret = '' } = (await createIntent(user)).body;
      expect((await confirm(user, intentId(clientSecret))).body).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: BILLING_MESSAGES.paymentIncomplete,
      });
      expect((await confirm(user, 'pi_dev_unknown')).body).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: BILLING_MESSAGES.paymentNotFound,
      });
      expect((await confirm(user, '')).status).toBe(400);
    });
  });

  describe('configuration and webhooks', () => {
    it('tells the web app the provider, without a publishable key', async () => {
      expect(await billing.get('/api/billing/config')).toEqual({
        status: 200,
        body: { provider: 'dev', publishableKey: null },
      });
    });

    it('has no webhook endpoint', async () => {
      const answer = await billing.post('/api/billing/webhook', { id: 'evt_1' });
      expect(answer.status).toBe(404);
    });
  });

  describe('billing staff', () => {
    it('answers 403 to a student on every staff view', async () => {
      const student = billing.user();
      for (const path of [
        '/api/billing/events',
        '/api/billing/payments',
        '/api/billing/events/stream',
        '/api/billing/events/export',
        '/api/billing/payments/export',
      ]) {
        const response = await billing.fetch(path, { token: student.token });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'You do not have access to this page.',
        });
      }
    });

    it('lists the purchase, its events and exports them as CSV for a billing user', async () => {
      const staff = billing.user(['billing']);
      const buyer = billing.user();
      const { clientSecret = '' } = (await createIntent(buyer)).body;
      await payCard(buyer, clientSecret, CARD_DECLINED);
      await payCard(buyer, clientSecret, CARD_OK);

      const payments = await billing.get<Page<PaymentRecord>>(
        `/api/billing/payments?email=${encodeURIComponent(buyer.email.toUpperCase())}`,
        staff.token,
      );
      expect(payments.status).toBe(200);
      expect(payments.body.total).toBe(1);
      expect(payments.body.items[0]).toMatchObject({
        id: intentId(clientSecret),
        userId: buyer.id,
        email: buyer.email,
        amount: 1000,
        currency: 'usd',
        status: 'succeeded',
        provider: 'dev',
      });

      const events = await billing.get<Page<{ type: string; status: string; email: string }>>(
        `/api/billing/events?email=${encodeURIComponent(buyer.email)}`,
        staff.token,
      );
      expect(events.body.items.map((e) => e.type)).toEqual([
        'payment_intent.succeeded',
        'payment_intent.payment_failed',
      ]);
      const failed = await billing.get<Page<{ amount: number; userId: string }>>(
        `/api/billing/events?type=payment_intent.payment_failed&email=${encodeURIComponent(buyer.email)}`,
        staff.token,
      );
      expect(failed.body.items).toEqual([
        expect.objectContaining({
          amount: 1000,
          userId: buyer.id,
          status: 'requires_payment_method',
        }),
      ]);

      const today = new Date().toISOString().slice(0, 10);
      const none = await billing.get<Page<unknown>>(
        `/api/billing/payments?email=${encodeURIComponent(buyer.email)}&to=2020-01-01`,
        staff.token,
      );
      expect(none.body.total).toBe(0);
      const inRange = await billing.get<Page<unknown>>(
        `/api/billing/payments?email=${encodeURIComponent(buyer.email)}&from=${today}&to=${today}`,
        staff.token,
      );
      expect(inRange.body.total).toBe(1);

      // Unfiltered, the totals are every payment and every event, however they are counted.
      for (const list of ['payments', 'events']) {
        const all = await billing.get<Page<unknown>>(`/api/billing/${list}?limit=200`, staff.token);
        expect({ list, total: all.body.total }).toEqual({ list, total: all.body.items.length });
        expect(all.body.total).toBeGreaterThan(0);
      }

      const csv = await billing.fetch(
        `/api/billing/events/export?email=${encodeURIComponent(buyer.email)}`,
        { token: staff.token },
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.headers.get('content-disposition')).toBe(
        'attachment; filename="billing-events.csv"',
      );
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toBe(
        'id,type,provider,occurredAt,amount,currency,email,userId,status,paymentIntentId,receivedAt',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`payment_intent.succeeded,dev,`);
      expect(lines[1]).toContain(`,1000,usd,${buyer.email},${buyer.id},succeeded,`);
    });

    it('pages the lists and checks the filters', async () => {
      const staff = billing.user(['billing']);
      const page = await billing.get<Page<unknown>>(
        '/api/billing/events?limit=1&page=2',
        staff.token,
      );
      expect(page.body).toMatchObject({ page: 2, limit: 1 });
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      const bad = await billing.get('/api/billing/payments?from=yesterday', staff.token);
      expect(bad).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: 'from must be a date (YYYY-MM-DD)' },
      });
    });

    it('streams new events live to a billing user', async () => {
      const staff = billing.user(['billing']);
      const abort = new AbortController();
      const response = await billing.fetch('/api/billing/events/stream', {
        token: staff.token,
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let received = '';
      const readUntil = async (text: string) => {
        while (!received.includes(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          received += decoder.decode(value, { stream: true });
        }
      };
      await readUntil('event: ready');

      const buyer = billing.user();
      const { clientSecret = '' } = (await createIntent(buyer)).body;
      await payCard(buyer, clientSecret, CARD_OK);
      await readUntil(buyer.email);
      abort.abort();
      const block = received.split('\n\n').find((b) => b.includes(buyer.email)) ?? '';
      expect(block).toContain('event: billing-event');
      const data = JSON.parse(
        block
          .split('\n')
          .find((line) => line.startsWith('data: '))
          ?.slice(6) ?? '{}',
      ) as { type: string; userId: string; amount: number };
      expect(data).toMatchObject({
        type: 'payment_intent.succeeded',
        userId: buyer.id,
        amount: 1000,
      });
    });
  });
});
