/** Fresh accounts registered through the gateway, one unique e-mail each. */
import { randomUUID } from 'node:crypto';
import type { AuthResponse, User } from '@mcat/contracts';
import type { GatewayClient } from './gateway-client';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface SignedIn extends Account {
  token: string;
  user: User;
}

export const newAccount = (name = 'System Student'): Account => ({
  name,
  email: `system-${randomUUID()}@example.com`,
  password: 'first-password-1',
});

export async function register(
  gateway: GatewayClient,
  account: Account = newAccount(),
): Promise<SignedIn> {
  const response = await gateway.post<AuthResponse>('/api/auth/register', {
    name: account.name,
    email: account.email,
    password: account.password,
  });
  if (response.status !== 201) {
    throw new Error(`register answered ${response.status}: ${response.raw.toString()}`);
  }
  return { ...account, ...response.body };
}

export async function login(gateway: GatewayClient, account: Account): Promise<SignedIn> {
  const response = await gateway.post<AuthResponse>('/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  if (response.status !== 200) {
    throw new Error(`login answered ${response.status}: ${response.raw.toString()}`);
  }
  return { ...account, ...response.body };
}
