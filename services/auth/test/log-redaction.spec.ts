/**
 * The auth service as its own process, logging at info as in production: what it prints for the
 * password reset routes (the token in the path and in the query string) and for credential headers
 * carries none of those secrets, while the request lines are still there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { freePort, privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { TEST_REVIEW_REMINDER_SECRET } from './support/auth-app';

// Booting a service in a child process takes seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const secret = (label: string) => `${label}${randomBytes(24).toString('base64url')}`;

describe('the auth service’s log lines', () => {
  let nats: PrivateServer;
  let child: ChildProcess;
  let keysDir: string;
  let output = '';
  let baseUrl: string;

  beforeAll(async () => {
    nats = await privateNats();
    keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-log-redaction-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(
      process.execPath,
      [
        '-r',
        path.join(REPO_ROOT, 'packages/service-kit/test/support/ts-register.cjs'),
        path.join(REPO_ROOT, 'services/auth/src/main.ts'),
      ],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          PORT: String(port),
          LOG_LEVEL: 'info',
          MONGO_URL: testInfra.mongoUrl(),
          NATS_URL: nats.url,
          REDIS_URL: testInfra.redisUrl,
          JWT_KEYS_DIR: keysDir,
          INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
          REVIEW_REMINDER_SECRET: TEST_REVIEW_REMINDER_SECRET,
          // Only the data export calls them; nothing here does.
          TESTS_INTERNAL_URL: 'http://127.0.0.1:9',
          QUESTIONS_INTERNAL_URL: 'http://127.0.0.1:9',
          BILLING_INTERNAL_URL: 'http://127.0.0.1:9',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 80_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`auth ended before ready: ${output}`);
      const ready = await fetch(`${baseUrl}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`auth not ready: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await nats?.dispose();
    fs.rmSync(keysDir, { recursive: true, force: true });
  });

  it('never show a reset token, an unsubscribe token, a secret query parameter or a credential header', async () => {
    const pathToken = secret('path');
    const queryToken = secret('query');
    const key = secret('key');
    const signature = secret('signature');
    const code = secret('code');
    const bearer = secret('bearer');
    const cookie = secret('cookie');
    const internal = secret('internal');
    const stripe = secret('stripe');
    const headers = {
      authorization: `Bearer ${bearer}`,
      cookie: `session=${cookie}`,
      'x-internal-token': internal,
      'stripe-signature': stripe,
    };
    const query = `token=${queryToken}&key=${key}&signature=${signature}&code=${code}&page=2`;
    await fetch(`${baseUrl}/api/auth/reset-password/${pathToken}`, { headers });
    await fetch(`${baseUrl}/api/auth/reset-password/${pathToken}?${query}`, { headers });
    await fetch(`${baseUrl}/api/auth/reset-password/${pathToken}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a-new-password-1' }),
    });
    const unsubscribeToken = secret('unsubscribe');
    await fetch(`${baseUrl}/api/auth/review-reminders/unsubscribe/${unsubscribeToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

    const requestLines = () =>
      output
        .split('\n')
        .filter((line) => line.includes('"request completed"') && line.includes('reset-password'));
    const unsubscribeLines = () =>
      output
        .split('\n')
        .filter((line) => line.includes('"request completed"') && line.includes('unsubscribe'));
    const deadline = Date.now() + 10_000;
    while ((requestLines().length < 3 || unsubscribeLines().length < 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(requestLines().map((line) => (JSON.parse(line) as { req: unknown }).req)).toEqual([
      { method: 'GET', url: '/api/auth/reset-password/[REDACTED]' },
      {
        method: 'GET',
        url: '/api/auth/reset-password/[REDACTED]?token=[REDACTED]&key=[REDACTED]&signature=[REDACTED]&code=[REDACTED]&page=2',
      },
      { method: 'POST', url: '/api/auth/reset-password/[REDACTED]' },
    ]);
    expect(unsubscribeLines().map((line) => (JSON.parse(line) as { req: unknown }).req)).toEqual([
      { method: 'POST', url: '/api/auth/review-reminders/unsubscribe/[REDACTED]' },
    ]);
    for (const value of [
      pathToken,
      queryToken,
      key,
      signature,
      code,
      bearer,
      cookie,
      internal,
      unsubscribeToken,
    ]) {
      expect(output).not.toContain(value);
    }
    expect(output).not.toContain(stripe);
    expect(output).not.toContain('a-new-password-1');
  });
});
