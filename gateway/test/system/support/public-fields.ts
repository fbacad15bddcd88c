/**
 * What an auth answer may show: the user as exactly its eight public fields, and nowhere in the
 * answer a key that names a stored secret or bookkeeping field.
 */
import type { User } from '@mcat/contracts';
import type { GatewayResponse } from '@mcat/test-support/system/gateway-client';

export const PUBLIC_USER_FIELDS: readonly (keyof User)[] = [
  '_id',
  'email',
  'isPremium',
  'name',
  'plannedTestingDate',
  'reviewReminders',
  'roles',
  'targetScore',
];

const INTERNAL_KEY =
  /password|hash|salt|secret|__v|outbox|deletedAt|sessionVersion|^sv$|resetToken|createdAt|updatedAt/i;

/** Every key anywhere in the value whose name looks internal, with its path. */
export function internalKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => internalKeys(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(INTERNAL_KEY.test(key) ? [`${at}.${key}`] : []),
    ...internalKeys(inner, `${at}.${key}`),
  ]);
}

/** No internal key anywhere; a `user` in the answer has exactly the public fields. */
export function expectPublicAnswer<T>(response: GatewayResponse<T>): GatewayResponse<T> {
  expect(internalKeys(response.body)).toEqual([]);
  const user = (response.body as { user?: object } | null)?.user;
  if (user) expect(Object.keys(user).sort()).toEqual([...PUBLIC_USER_FIELDS]);
  return response;
}

/** An answer that is the user itself (GET and PUT /api/auth/me, confirm-premium). */
export function expectPublicUser<T>(response: GatewayResponse<T>): GatewayResponse<T> {
  expectPublicAnswer(response);
  if (response.status === 200) {
    expect(Object.keys(response.body as object).sort()).toEqual([...PUBLIC_USER_FIELDS]);
  }
  return response;
}
