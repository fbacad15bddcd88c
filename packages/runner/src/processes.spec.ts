import path from 'node:path';
import { START_PROFILE, TEST_PROFILE } from './ports';
import { appProcesses, gatewayEnv, serviceEnv, withDatabase } from './processes';

describe('process table', () => {
  it('gives each service its own database on the same server, keeping options', () => {
    expect(withDatabase('mongodb://127.0.0.1:27117', 'mcat_auth')).toBe(
      'mongodb://127.0.0.1:27117/mcat_auth',
    );
    expect(
      withDatabase('mongodb+srv://u:p@db.example.com/app?authSource=admin', 'mcat_tests'),
    ).toBe('mongodb+srv://u:p@db.example.com/mcat_tests?authSource=admin');
  });

  it('runs the SMTP catcher, five services and the gateway, each its own process', () => {
    expect(appProcesses(START_PROFILE, {}).map((p) => p.name)).toEqual([
      'smtp',
      'auth',
      'tests',
      'questions',
      'billing',
      'mailer',
      'gateway',
    ]);
    expect(appProcesses(START_PROFILE, { SMTP_URL: 'smtp://mail.example.com:25' })[0]?.name).toBe(
      'auth',
    );
  });

  it('points the services at the profile infrastructure and at each other', () => {
    const questions = serviceEnv(TEST_PROFILE, 'questions', {});
    expect(questions).toMatchObject({
      PORT: '9103',
      MONGO_URL: expect.stringMatching(/\/mcat_questions$/),
      JWKS_URL: 'http://127.0.0.1:9101/.well-known/jwks.json',
      AUTH_INTERNAL_URL: 'http://127.0.0.1:9101',
      TESTS_INTERNAL_URL: 'http://127.0.0.1:9102',
    });
    expect(serviceEnv(START_PROFILE, 'auth', {})).toMatchObject({
      JWT_KEYS_DIR: path.join(START_PROFILE.dataDir, 'keys'),
    });
    expect(serviceEnv(START_PROFILE, 'mailer', {})).toMatchObject({
      PUBLIC_URL: `http://localhost:${START_PROFILE.gateway}`,
    });
    expect(gatewayEnv(TEST_PROFILE, {})).toMatchObject({
      PORT: '9080',
      BILLING_URL: 'http://127.0.0.1:9104',
      PUBLIC_URL: 'http://127.0.0.1:9080',
      REDIS_URL: questions.REDIS_URL,
    });
  });

  it('gives every process the service credential, and the services the gateway as only proxy', () => {
    const token = 'runner-internal-api-token-0123456789abcdef';
    for (const app of appProcesses(TEST_PROFILE, { INTERNAL_API_TOKEN: token })) {
      if (app.name === 'smtp') continue;
      expect({ name: app.name, token: app.env.INTERNAL_API_TOKEN }).toEqual({
        name: app.name,
        token,
      });
      if (app.name !== 'gateway') {
        // Exactly the gateway's address: the system tests call from other 127.x.y.z addresses.
        expect(app.env.TRUSTED_PROXIES).toBe('127.0.0.1,::1,::ffff:127.0.0.1');
      }
    }
    expect(gatewayEnv(START_PROFILE, {}).TRUSTED_PROXIES).toBeUndefined();
  });

  it('gives auth alone the reminders’ secret, and npm test a reminder check every 2 s', () => {
    const secret = 'runner-review-reminder-secret-0123456789abcdef';
    const given = appProcesses(TEST_PROFILE, { REVIEW_REMINDER_SECRET: secret }).filter(
      (app) => app.env.REVIEW_REMINDER_SECRET !== undefined,
    );
    expect(given.map((app) => [app.name, app.env.REVIEW_REMINDER_SECRET])).toEqual([
      ['auth', secret],
    ]);
    expect(serviceEnv(TEST_PROFILE, 'auth', {}).REVIEW_REMINDER_CHECK_MS).toBe('2000');
    expect(serviceEnv(START_PROFILE, 'auth', {}).REVIEW_REMINDER_CHECK_MS).toBeUndefined();
    expect(
      serviceEnv(START_PROFILE, 'auth', { REVIEW_REMINDER_CHECK_MS: '5000' })
        .REVIEW_REMINDER_CHECK_MS,
    ).toBe('5000');
  });

  it('gives the services that store data the query log when one is set, and no one else', () => {
    const env = { MONGO_QUERY_LOG: '/tmp/query-log.jsonl' };
    const logging = appProcesses(TEST_PROFILE, env)
      .filter((app) => app.env.MONGO_QUERY_LOG === env.MONGO_QUERY_LOG)
      .map((app) => app.name);
    expect(logging).toEqual(['auth', 'tests', 'questions', 'billing']);
    expect(serviceEnv(TEST_PROFILE, 'auth', {}).MONGO_QUERY_LOG).toBeUndefined();
  });

  it('uses the dev payment provider unless Stripe keys are configured', () => {
    expect(serviceEnv(START_PROFILE, 'billing', {}).PAYMENT_PROVIDER).toBe('dev');
    expect(
      serviceEnv(START_PROFILE, 'billing', { STRIPE_SECRET_KEY: 'sk_test_x' }).PAYMENT_PROVIDER,
    ).toBe('stripe');
  });
});
