/** Tests, missed questions and roles made through the real API for the web app II specs. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse, Question, QuestionBody, Test } from '@mcat/contracts';
import { addTestThroughApi, type Account } from './accounts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface SampleTest {
  dateTaken: string;
  source: string;
  subscores: Test['subscores'];
}

export const SAMPLE_TEST: SampleTest = {
  dateTaken: '2025-01-15',
  source: 'AAMC FL 1',
  subscores: { chemPhys: 125, cars: 124, bio: 127, psychSoc: 126 },
};

export const addSampleTest = (
  request: APIRequestContext,
  token: string,
  overrides: Partial<SampleTest> = {},
): Promise<Test> => addTestThroughApi(request, token, { ...SAMPLE_TEST, ...overrides });

/** Two sample tests a month apart: Kaplan FL 1 on 2025-01-10, then `secondSource` on 2025-02-10. */
export const addTwoSampleTests = async (
  request: APIRequestContext,
  token: string,
  secondSource: string,
): Promise<[Test, Test]> => [
  await addSampleTest(request, token, { source: 'Kaplan FL 1', dateTaken: '2025-01-10' }),
  await addSampleTest(request, token, { source: secondSource, dateTaken: '2025-02-10' }),
];

export const addQuestionThroughApi = async (
  request: APIRequestContext,
  token: string,
  question: Partial<QuestionBody> & Pick<QuestionBody, 'test' | 'section' | 'questionNumber'>,
): Promise<Question> => {
  const response = await request.post('/api/questions', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      wrongAnswerReason: 'Misread the passage',
      rightAnswerReason: 'The passage says so in paragraph 2',
      improvementPlan: 'Slow down on the first read',
      mistakeType: '',
      ankiCardMade: false,
      topicTags: [],
      ...question,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Question;
};

export const loginThroughApi = async (
  request: APIRequestContext,
  account: Account,
): Promise<AuthResponse> => {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthResponse;
};

/** Gives an account the `billing` role with the operators' command (`npm run grant-role`). */
export const grantBillingRole = (email: string): void => {
  const result = spawnSync('npx', ['tsx', 'scripts/grant-role.ts', email, 'billing'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      MONGO_URL: process.env.E2E_AUTH_MONGO_URL ?? 'mongodb://127.0.0.1:27217/mcat_auth',
    },
    encoding: 'utf8',
  });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
};

/** Fills /tests/new with a custom-source test taken on `dateTaken` and presses Save Test. */
export const saveCustomTestInForm = async (page: Page, dateTaken: string): Promise<void> => {
  await page.goto('/tests/new');
  await page.getByLabel('Date Taken').fill(dateTaken);
  await page.getByRole('combobox', { name: 'Test Source' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByLabel('Custom Test Source').fill('My Own Full Length');
  for (const label of ['Chem/Phys Score', 'CARS Score', 'Bio Score', 'Psych/Soc Score']) {
    await page.getByLabel(label).fill('125');
  }
  await page.getByRole('button', { name: 'Save Test' }).click();
};
