/**
 * Issue 16, through the running product: a request sent with a known W3C `traceparent` can be
 * followed by its trace id through the stack's log (what an operator's log search does), across
 * every process it reaches: the gateway, the service it calls, the service that handles the event
 * it causes, and the mailer that sends the mail it queues. A malformed traceparent is replaced by
 * a new trace the gateway and the service agree on, and never shows in any log line.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Question } from '@mcat/contracts';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { waitForResetLink } from '@mcat/test-support/system/mailbox';
import { stackLogLines, waitForLogLines, type StackLogLine } from './support/stack-log';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();

/** A client's own trace: a fresh trace id and the client's span as parent. */
function clientTrace(): { traceId: string; traceparent: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

const inTrace = (traceId: string) => (line: StackLogLine) => line.traceId === traceId;

describe('following a request across services by its trace id', () => {
  it("finds a test's deletion in the gateway's, the tests service's and the questions service's logs (the event it caused) by one trace id", async () => {
    const { token } = await register(gateway);
    const test = await createTest(gateway, token, TEST_SAMPLES[0]);
    const added = await gateway.post<Question>('/api/questions', questionBody(test._id), token);
    expect(added.status).toBe(201);

    const { traceId, traceparent } = clientTrace();
    const requestId = `trace-system-${randomUUID()}`;
    const deleted = await gateway.request('DELETE', `/api/tests/${test._id}`, {
      token,
      headers: { traceparent, 'x-request-id': requestId },
    });
    expect(deleted.status).toBeLessThan(300);

    const lines = await waitForLogLines(
      ['gateway', 'tests', 'questions'],
      (line) =>
        inTrace(traceId)(line) &&
        (line.process !== 'questions' ||
          /handled event .*tests\.test\.deleted/.test(line.message ?? '')),
    );
    // Every line of the cascade names the request that started it, too.
    for (const line of Object.values(lines).flat()) expect(line.requestId).toBe(requestId);
    expect(lines.questions?.[0]?.message).toContain('questions-tests-test-deleted');
    // The service's span is its own, not the client's.
    expect(lines.tests?.[0]?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(traceparent).not.toContain(String(lines.tests?.[0]?.spanId));

    // And the cascade did happen: the question went with its test.
    const questions = await gateway.get<Question[] | { items: Question[] }>(
      '/api/questions',
      token,
    );
    expect(JSON.stringify(questions.body)).not.toContain(test._id);
  });

  it("finds a password reset in the gateway's, auth's and the mailer's logs by one trace id", async () => {
    const account = await register(gateway);
    const { traceId, traceparent } = clientTrace();
    const answer = await gateway.request('POST', '/api/auth/forgot-password', {
      json: { email: account.email },
      headers: { traceparent },
    });
    expect(answer.status).toBe(200);
    await waitForResetLink(account.email);

    const lines = await waitForLogLines(
      ['gateway', 'auth', 'mailer'],
      (line) =>
        inTrace(traceId)(line) &&
        (line.process !== 'mailer' || /Sent password-reset mail/.test(line.message ?? '')),
    );
    const gatewayRequestId = lines.gateway?.[0]?.requestId;
    expect(gatewayRequestId).toEqual(expect.any(String));
    expect(lines.mailer?.[0]?.requestId).toBe(gatewayRequestId);
  });

  it('replaces a malformed traceparent with a new trace that the gateway and the service share, never logging the bad value', async () => {
    const marker = randomBytes(16).toString('hex').toUpperCase();
    const requestId = `trace-system-${randomUUID()}`;
    const { token } = await register(gateway);
    const answer = await gateway.request('GET', '/api/tests', {
      token,
      headers: { traceparent: `00-${marker}-00f067aa0ba902b7-01`, 'x-request-id': requestId },
    });
    expect(answer.status).toBe(200);

    const lines = await waitForLogLines(
      ['gateway', 'tests'],
      (line) => line.requestId === requestId,
    );
    const gatewayTrace = lines.gateway?.[0]?.traceId;
    expect(gatewayTrace).toMatch(/^[0-9a-f]{32}$/);
    expect(gatewayTrace).not.toBe(marker.toLowerCase());
    expect(lines.tests?.[0]?.traceId).toBe(gatewayTrace);
    const everything = JSON.stringify(stackLogLines());
    expect(everything).not.toContain(marker);
    expect(everything).not.toContain(marker.toLowerCase());
  });
});
