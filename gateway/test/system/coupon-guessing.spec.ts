/**
 * Coupon codes cannot be guessed by trying many through the gateway: apply-coupon is limited per
 * account and per client address (services/billing/src/rate-limit/rate-limit.policy.ts), 429 with
 * Retry-After beyond, even for a good code, and the account stays free.
 */
import { ERRORS, tooManyAttempts, type User } from '@mcat/contracts';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';

/** The limits docs/adr/0010-billing.md promises (attempts an hour). */
const PER_ACCOUNT = 10;
const PER_ADDRESS = 30;

const guess = (gateway: GatewayClient, token: string, couponCode: string) =>
  gateway.post('/api/auth/apply-coupon', { couponCode }, token);

function expectLimited(response: GatewayResponse<unknown>): void {
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect({ status: response.status, body: response.body }).toEqual({
    status: 429,
    body: { statusCode: 429, code: 'RATE_LIMITED', message: tooManyAttempts(retryAfter) },
  });
}

async function isPremium(gateway: GatewayClient, token: string): Promise<boolean> {
  return (await gateway.get<User>('/api/auth/me', token)).body.isPremium;
}

describe('guessing coupon codes through the gateway', () => {
  it(`refuses an account's attempt after ${PER_ACCOUNT} guesses, from any address, even with a good code`, async () => {
    const first = new GatewayClient();
    const student = await register(first);
    for (let attempt = 1; attempt <= PER_ACCOUNT; attempt += 1) {
      const response = await guess(first, student.token, `GUESS${attempt}`);
      expect({ attempt, status: response.status, body: response.body }).toEqual({
        attempt,
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidCoupon },
      });
    }
    // Another address does not help: the limit is the account's.
    const elsewhere = new GatewayClient();
    expectLimited(await guess(elsewhere, student.token, 'FREEMCAT'));
    expect(await isPremium(elsewhere, student.token)).toBe(false);
  });

  it(`refuses an address's attempt after ${PER_ADDRESS} guesses across accounts`, async () => {
    const address = new GatewayClient();
    let attempts = 0;
    while (attempts < PER_ADDRESS) {
      const { token } = await register(new GatewayClient());
      for (let i = 0; i < PER_ACCOUNT - 1 && attempts < PER_ADDRESS; i += 1, attempts += 1) {
        expect((await guess(address, token, `NOPE${attempts}`)).status).toBe(400);
      }
    }
    const fresh = await register(new GatewayClient());
    expectLimited(await guess(address, fresh.token, 'FREEMCAT'));
    expect(await isPremium(address, fresh.token)).toBe(false);
    // The same account from another address is not limited.
    expect((await guess(new GatewayClient(), fresh.token, 'NOSUCHCODE')).status).toBe(400);
  });
});
