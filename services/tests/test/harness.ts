import type { INestApplication } from '@nestjs/common';
import { AuthInternalStub, randomObjectId, TestTokenIssuer } from '@mcat/service-kit/testing';
import {
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  SOURCE_MAX_LENGTH,
  type Test,
  type TestBody,
} from '@mcat/contracts';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { serviceTestConfig } from '@mcat/test-support/service-test-config';
import { testInfra } from '@mcat/test-support/test-env';
import { connect, type NatsConnection } from 'nats';
import type { TestsConfig } from '../src/config';
import { startTestsService } from '../src/start';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

export interface TestsHarness {
  url: string;
  app: INestApplication;
  issuer: TestTokenIssuer;
  auth: AuthInternalStub;
  mongoUrl: string;
  /** A call as user `userId` (JSON body, extra headers), answering status and parsed body. */
  call<T = unknown>(
    userId: string,
    method: string,
    path: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<Answer<T>>;
  /** An import upload as user `userId`, the file under the multipart field `field`. */
  upload<T = unknown>(
    userId: string,
    fileName: string,
    data: Buffer,
    field?: string,
  ): Promise<Answer<T>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  natsUrl?: string;
  mongoUrl?: string;
}

export const newUserId = randomObjectId;

/** The tests service on a free port with its own database, a JWKS and an auth stand-in. */
export async function startHarness(options: HarnessOptions = {}): Promise<TestsHarness> {
  const issuer = await TestTokenIssuer.start();
  const auth = await AuthInternalStub.start();
  const mongoUrl = options.mongoUrl ?? testInfra.mongoUrl();
  const config: TestsConfig = {
    ...serviceTestConfig({
      natsUrl: options.natsUrl ?? testInfra.natsUrl,
      jwksUrl: issuer.jwksUrl,
      authUrl: auth.url,
    }),
    PORT: 0,
    MONGO_URL: mongoUrl,
  };
  const app = await startTestsService(config);
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

  const answer = async <T>(response: Response): Promise<Answer<T>> => {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T };
  };

  return {
    url,
    app,
    issuer,
    auth,
    mongoUrl,
    async call<T>(
      userId: string,
      method: string,
      path: string,
      body?: unknown,
      extraHeaders: Record<string, string> = {},
    ) {
      const headers: Record<string, string> = {
        ...extraHeaders,
        authorization: issuer.bearer({ sub: userId }),
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer<T>(response);
    },
    async upload<T>(userId: string, fileName: string, data: Buffer, field = 'file') {
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(data)]), fileName);
      const response = await fetch(`${url}/api/tests/import/excel`, {
        method: 'POST',
        headers: { authorization: issuer.bearer({ sub: userId }) },
        body: form,
      });
      return answer<T>(response);
    },
    async close() {
      await app.close();
      await issuer.close();
      await auth.close();
    },
  };
}

/** The service on a NATS of its own, and a connection to that NATS to deliver events on. */
export interface OwnNatsHarness {
  readonly h: TestsHarness;
  readonly nc: NatsConnection;
}

/**
 * The service on a NATS of the calling file's (or describe block's) own, started before its tests
 * and stopped after them: every instance on one NATS shares the durable consumer
 * `tests-<subject>`, so on the shared test NATS another test file's instance (with another
 * database) could take the event.
 */
export function onOwnNats(): OwnNatsHarness {
  let nats: PrivateServer | undefined;
  let h: TestsHarness | undefined;
  let nc: NatsConnection | undefined;
  beforeAll(async () => {
    nats = await privateNats();
    h = await startHarness({ natsUrl: nats.url });
    nc = await connect({ servers: nats.url });
  });
  afterAll(async () => {
    await nc?.close();
    await h?.close();
    await nats?.dispose();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The harness starts in beforeAll');
    return value;
  };
  return {
    get h() {
      return started(h);
    },
    get nc() {
      return started(nc);
    },
  };
}

/** A valid test body, taken on `date` (YYYY-MM-DD). */
export const testBody = (date = '2025-01-15', source = 'AAMC FL 1'): TestBody => ({
  dateTaken: date,
  source,
  subscores: { chemPhys: 125, cars: 124, bio: 126, psychSoc: 127 },
});

/** What every stored test must satisfy, whatever was sent or imported. */
export const isValidStoredTest = (t: Test): boolean =>
  t.source.trim() === t.source &&
  t.source.length >= 1 &&
  t.source.length <= SOURCE_MAX_LENGTH &&
  Object.values(t.subscores).every(
    (s) => Number.isInteger(s) && s >= SECTION_SCORE_MIN && s <= SECTION_SCORE_MAX,
  ) &&
  t.totalScore === Object.values(t.subscores).reduce((a, b) => a + b, 0) &&
  t.dateTaken.endsWith('T00:00:00.000Z');
