import type { INestApplication } from '@nestjs/common';
import {
  AuthInternalStub,
  markSessionVersionsSynced,
  randomObjectId,
  TestTokenIssuer,
} from '@mcat/service-kit/testing';
import type { Question, QuestionBody, Test } from '@mcat/contracts';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { serviceTestConfig } from '@mcat/test-support/service-test-config';
import { testInfra } from '@mcat/test-support/test-env';
import { startTestsService } from '../../tests/src/start';
import type { QuestionsConfig } from '../src/config';
import { startQuestionsService } from '../src/start';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A call as user `userId` with a JSON body, answering status and parsed body. */
export type CallAs = <T = unknown>(
  userId: string,
  method: string,
  path: string,
  body?: unknown,
) => Promise<Answer<T>>;

export interface QuestionsHarness {
  issuer: TestTokenIssuer;
  auth: AuthInternalStub;
  /** The private NATS both services use (events can be published on it). */
  natsUrl: string;
  /** The questions service's database. */
  questionsMongoUrl: string;
  /** The questions service's base URL, for answers `call` cannot read (a binary download). */
  questionsUrl(): string;
  /** A call to the questions service as `userId`. */
  call: CallAs;
  /** A call to the tests service (its neighbour) as `userId`. */
  callTests: CallAs;
  /** Creates a test for the user and answers its id. */
  newTest(userId: string, date?: string, source?: string): Promise<string>;
  /** A second questions process on the same database, NATS and Redis (another replica). */
  startReplica(): Promise<Replica>;
  stopQuestions(): Promise<void>;
  startQuestions(): Promise<void>;
  close(): Promise<void>;
}

export interface Replica {
  call: CallAs;
  close(): Promise<void>;
}

export const newUserId = randomObjectId;

async function request<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T };
}

const baseUrl = async (app: INestApplication): Promise<string> =>
  (await app.getUrl()).replace('[::1]', '127.0.0.1');

/**
 * The questions service and its neighbour the tests service, on a private NATS (so durable
 * consumers are not shared with other test files), each with its own database.
 */
export async function startHarness(): Promise<QuestionsHarness> {
  const nats: PrivateServer = await privateNats();
  const issuer = await TestTokenIssuer.start();
  const auth = await AuthInternalStub.start();
  await markSessionVersionsSynced(testInfra.redisUrl);
  const common = serviceTestConfig({
    natsUrl: nats.url,
    jwksUrl: issuer.jwksUrl,
    authUrl: auth.url,
  });
  const testsApp = await startTestsService({ ...common, PORT: 0, MONGO_URL: testInfra.mongoUrl() });
  const testsUrl = await baseUrl(testsApp);
  const questionsConfig: QuestionsConfig = {
    ...common,
    PORT: 0,
    MONGO_URL: testInfra.mongoUrl(),
    TESTS_INTERNAL_URL: testsUrl,
  };
  let questionsApp: INestApplication | null = await startQuestionsService(questionsConfig);
  let questionsUrl = await baseUrl(questionsApp);
  const token = (userId: string) => issuer.sign({ sub: userId });

  return {
    issuer,
    auth,
    natsUrl: nats.url,
    questionsMongoUrl: questionsConfig.MONGO_URL,
    questionsUrl: () => questionsUrl,
    call: (userId, method, path, body) => request(questionsUrl, token(userId), method, path, body),
    callTests: (userId, method, path, body) => request(testsUrl, token(userId), method, path, body),
    async newTest(userId, date = '2025-01-15', source = 'AAMC FL 1') {
      const res = await request<Test>(testsUrl, token(userId), 'POST', '/api/tests', {
        dateTaken: date,
        source,
        subscores: { chemPhys: 125, cars: 124, bio: 126, psychSoc: 127 },
      });
      if (res.status !== 201) throw new Error(`test not created: ${JSON.stringify(res.body)}`);
      return res.body._id;
    },
    async startReplica() {
      const replica = await startQuestionsService(questionsConfig);
      const replicaUrl = await baseUrl(replica);
      return {
        call: (userId, method, path, body) =>
          request(replicaUrl, token(userId), method, path, body),
        close: () => replica.close(),
      };
    },
    async stopQuestions() {
      await questionsApp?.close();
      questionsApp = null;
    },
    async startQuestions() {
      questionsApp = await startQuestionsService(questionsConfig);
      questionsUrl = await baseUrl(questionsApp);
    },
    async close() {
      await questionsApp?.close();
      await testsApp.close();
      await issuer.close();
      await auth.close();
      await nats.dispose();
    },
  };
}

export const questionBody = (
  testId: string,
  overrides: Partial<QuestionBody> = {},
): QuestionBody => ({
  test: testId,
  section: 'Chemical and Physical Foundations',
  questionNumber: 12,
  mistakeType: 'Content Gap',
  wrongAnswerReason: 'Mixed up the formulas',
  rightAnswerReason: 'Ideal gas law applies',
  improvementPlan: 'Review gas laws',
  ankiCardMade: false,
  topicTags: ['Physics'],
  ...overrides,
});

export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000): Promise<number> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
};

/** Logs question `questionNumber` of the test as `user`, expecting 201, and answers it. */
export const logQuestion = async (
  h: QuestionsHarness,
  user: string,
  testId: string,
  questionNumber: number,
): Promise<Question> => {
  const answer = await h.call<Question>(
    user,
    'POST',
    '/api/questions',
    questionBody(testId, { questionNumber }),
  );
  expect(answer.status).toBe(201);
  return answer.body;
};

/** Logs a question of the test as `user` through `on` (the service or a replica); answers it. */
export const postedQuestion = async (
  on: { call: CallAs },
  user: string,
  testId: string,
  overrides: Partial<QuestionBody> = {},
): Promise<Question> =>
  (await on.call<Question>(user, 'POST', '/api/questions', questionBody(testId, overrides))).body;
