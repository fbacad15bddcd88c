/** Accounts made through the real API, and signing a browser page in with one. */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse, Test } from '@mcat/contracts';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const newAccount = (name = 'Ada Student'): Account => ({
  name,
  email: `e2e-${randomUUID()}@example.com`,
  password: 'first-password-1',
});

export const registerThroughApi = async (
  request: APIRequestContext,
  account: Account,
  plannedTestingDate: string | null = null,
): Promise<AuthResponse> => {
  const response = await request.post('/api/auth/register', {
    data: {
      name: account.name,
      email: account.email,
      password: account.password,
      plannedTestingDate,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AuthResponse;
};

/** Stores the token where the web app looks for it, before any page script runs. */
export const signInPage = async (page: Page, token: string): Promise<void> => {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
};

export const addTestThroughApi = async (
  request: APIRequestContext,
  token: string,
  test: Pick<Test, 'source' | 'subscores'> & { dateTaken: string },
): Promise<Test> => {
  const { chemPhys, cars, bio, psychSoc } = test.subscores;
  const response = await request.post('/api/tests', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...test, totalScore: chemPhys + cars + bio + psychSoc },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Test;
};
