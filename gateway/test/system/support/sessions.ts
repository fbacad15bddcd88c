/** A password change, and what a token is still let in to, for the session specs. */
import { AUTH_MESSAGES, type MessageResponse } from '@mcat/contracts';
import type { GatewayClient, GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { expectPublicAnswer } from './public-fields';

export const statusAndBody = <T>(response: GatewayResponse<T>) => ({
  status: response.status,
  body: response.body,
});

/** What a token gets from auth (/api/auth/me) and from another service (/api/tests). */
export async function answersTo(
  client: GatewayClient,
  token: string,
): Promise<{ auth: number; tests: number }> {
  const [auth, tests] = await Promise.all([
    client.get('/api/auth/me', token),
    client.get('/api/tests', token),
  ]);
  return { auth: auth.status, tests: tests.status };
}

/** The link's last path segment: the reset token. */
export const tokenOf = (link: string): string => new URL(link).pathname.split('/').pop() as string;

/** Changes the account's password to `newPassword`, expecting 200 and a fresh token in public fields. */
export async function changePassword(
  client: GatewayClient,
  account: { password: string; token: string },
  newPassword: string,
): Promise<GatewayResponse<MessageResponse & { token: string }>> {
  const changed = expectPublicAnswer(
    await client.put<MessageResponse & { token: string }>(
      '/api/auth/password',
      { currentPassword: account.password, newPassword },
      account.token,
    ),
  );
  expect(statusAndBody(changed)).toEqual({
    status: 200,
    body: { message: AUTH_MESSAGES.passwordChanged, token: expect.any(String) },
  });
  return changed;
}
