/** The student account every bench signs up through the gateway, and its calls to the API. */
import { randomUUID } from 'node:crypto';

/** The name every bench student registers with. */
export const BENCH_STUDENT_NAME = 'Bench Student';

/**
 * Registers a new student (a fresh address each time) and returns its bearer token; throws with
 * the API's answer when registration is refused.
 */
export async function registerBenchStudent(
  gatewayUrl: string,
  profile: { plannedTestingDate?: string } = {},
): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: BENCH_STUDENT_NAME,
      email: `bench-${randomUUID()}@example.com`,
      password: 'Bench-Passw0rd!',
      ...profile,
    }),
  });
  if (!response.ok) {
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { token: string }).token;
}

/**
 * A JSON call to the API as the signed-in student, with any other headers (an Idempotency-Key);
 * throws with the answer when it is not 2xx.
 */
export type Call = <T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

export function client(gatewayUrl: string, token: string): Call {
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> => {
    const response = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** A new student made premium with the dev provider's 100% coupon. */
export async function premiumBenchStudent(
  gatewayUrl: string,
  profile: { plannedTestingDate?: string } = {},
): Promise<{ call: Call; token: string }> {
  const token = await registerBenchStudent(gatewayUrl, profile);
  const call = client(gatewayUrl, token);
  const coupon = await call<{ couponId: string }>('POST', '/api/auth/apply-coupon', {
    couponCode: 'FREEMCAT',
  });
  await call('POST', '/api/auth/create-payment-intent', { couponId: coupon.couponId });
  return { call, token };
}
