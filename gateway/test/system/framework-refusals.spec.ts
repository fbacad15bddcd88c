/**
 * What the HTTP framework refuses before any route runs, through the gateway: an over-long path
 * parameter, a path no route serves, a method its path does not take, headers too large, a request that is not HTTP, a
 * body too large or of the wrong type. Every answer is `{ statusCode, code, message }` with a code
 * of ERROR_CODES for its status and a message of the contracts that never echoes the request back.
 */
import net from 'node:net';
import { ERROR_CODES, REQUEST_MESSAGES, type ApiError } from '@mcat/contracts';
import { register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();
const MARKER = 'zqxjzqxj';

/** The answer is in the product's vocabulary, with no part of the request in it. */
function expectVocabulary(status: number, body: unknown, raw: string): void {
  const error = body as ApiError;
  expect(Object.keys(error).sort()).toEqual(['code', 'message', 'statusCode']);
  expect(error.statusCode).toBe(status);
  expect(ERROR_CODES[error.code]).toBe(status);
  expect(raw).not.toContain(MARKER);
}

/** The answer is the refusal `{ statusCode, code, message }` with that status, in the vocabulary. */
function expectRefusal(
  response: GatewayResponse<unknown>,
  statusCode: number,
  code: string,
  message: string,
): void {
  expect(response.status).toBe(statusCode);
  expect(response.body).toEqual({ statusCode, code, message });
  expectVocabulary(statusCode, response.body, response.raw.toString('utf8'));
}

/**
 * A request written as is on a socket, and what comes back until the server closes it: the
 * server may refuse before reading all of it, and reset the connection after its answer.
 */
function rawExchange(request: string): Promise<{ status: number; body: unknown; raw: string }> {
  const url = new URL(systemEnv.baseUrl);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () =>
      socket.write(request),
    );
    const settle = () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status === 0) {
        reject(new Error(`no HTTP answer: ${JSON.stringify(received.slice(0, 200))}`));
        return;
      }
      resolve({ status, body: JSON.parse(body) as unknown, raw: received });
    };
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('close', settle);
    socket.on('error', () => undefined);
  });
}

describe('the framework refusals, through the gateway', () => {
  let student: SignedIn;

  beforeAll(async () => {
    student = await register(gateway);
  });

  it('answers 414 URI_TOO_LONG to a path parameter over the router limit, the path not echoed', async () => {
    const response = await gateway.get(`/api/tests/${MARKER}${'a'.repeat(600)}`, student.token);
    expectRefusal(response, 414, 'URI_TOO_LONG', REQUEST_MESSAGES.pathTooLong);
  });

  it.each([
    ['GET', `/api/${MARKER}`],
    ['DELETE', `/api/tests/${MARKER}/${MARKER}`],
    ['PUT', `/api/questions/${MARKER}/${MARKER}`],
  ])('answers 404 NOT_FOUND to %s %s, naming neither', async (method, path) => {
    const response = await gateway.request(method, path, { token: student.token });
    expectRefusal(response, 404, 'NOT_FOUND', REQUEST_MESSAGES.routeNotFound);
  });

  it.each([
    ['PUT', '/api/tests', 'GET, POST, HEAD'],
    ['DELETE', '/api/auth/login', 'POST'],
    ['PATCH', `/api/health?${MARKER}=1`, 'GET, HEAD'],
    ['POST', '/api/tests/6650a1b2c3d4e5f6a7b8c9d0', 'GET, PUT, DELETE, HEAD'],
  ])(
    'answers 405 METHOD_NOT_ALLOWED to %s %s with Allow: %s, signed in or not',
    async (method, path, allow) => {
      for (const token of [student.token, undefined]) {
        const response = await gateway.request(method, path, { token });
        expectRefusal(response, 405, 'METHOD_NOT_ALLOWED', REQUEST_MESSAGES.methodNotAllowed);
        expect(response.headers.allow).toBe(allow);
      }
    },
  );

  it.each([
    [
      '431 HEADERS_TOO_LARGE to headers over the server limit',
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${MARKER}${'a'.repeat(20_000)}\r\n\r\n`,
      { statusCode: 431, code: 'HEADERS_TOO_LARGE', message: REQUEST_MESSAGES.headersTooLarge },
    ],
    [
      '400 VALIDATION to a request that is not HTTP',
      `${MARKER} /api/health HTTP/9.9\r\n\r\n`,
      { statusCode: 400, code: 'VALIDATION', message: REQUEST_MESSAGES.malformedRequest },
    ],
  ] as const)('answers %s', async (_case, request, expected) => {
    const answer = await rawExchange(request);
    expect(answer.status).toBe(expected.statusCode);
    expect(answer.body).toEqual(expected);
    expectVocabulary(expected.statusCode, answer.body, answer.raw);
  });

  it('answers 413 and 415 to a body too large or not JSON in the same vocabulary', async () => {
    const large = await gateway.request('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(`{"email":"${MARKER}${'a'.repeat(2 * 1024 * 1024)}"}`),
    });
    expect(large.status).toBe(413);
    expectVocabulary(413, large.body, large.raw.toString('utf8'));
    const text = await gateway.request('POST', '/api/auth/login', {
      headers: { 'content-type': 'text/plain' },
      payload: Buffer.from(MARKER),
    });
    expect(text.status).toBe(415);
    expectVocabulary(415, text.body, text.raw.toString('utf8'));
  });
});
