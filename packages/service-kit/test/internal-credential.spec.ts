import {
  Controller,
  Get,
  Ip,
  Module,
  Param,
  Post,
  type DynamicModule,
  type INestApplication,
} from '@nestjs/common';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { bootstrapService, Public, ServiceKitModule, type KitConfig } from '../src';
import { redactUrl } from '../src/logging/logging.module';
import { TEST_INTERNAL_API_TOKEN } from '../src/testing';
import { kitTestConfig } from './support/kit-config';

@Public()
@Controller('internal/things')
class InternalThingsController {
  @Get(':id')
  read(@Param('id') id: string) {
    return { id, secret: 'internal data' };
  }

  @Post(':id/grant')
  grant(@Param('id') id: string) {
    return { id, granted: true };
  }
}

@Public()
@Controller('api/whoami')
class WhoAmIController {
  @Get()
  whoami(@Ip() ip: string) {
    return { ip };
  }
}

@Module({})
class ThingsModule {
  static register(config: KitConfig): DynamicModule {
    return {
      module: ThingsModule,
      imports: [ServiceKitModule.forRoot({ name: 'things', config })],
      controllers: [InternalThingsController, WhoAmIController],
    };
  }
}

async function start(
  trustedProxies: string[],
  overrides: Partial<KitConfig> = {},
): Promise<{ app: INestApplication; url: string }> {
  const config = await kitTestConfig({ TRUSTED_PROXIES: trustedProxies, ...overrides });
  const app = await bootstrapService({ module: ThingsModule.register(config), config });
  return { app, url: `http://127.0.0.1:${config.PORT}` };
}

const answer = async (response: Response) => ({
  status: response.status,
  body: (await response.text()).slice(0, 200),
});

describe('the service credential', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await start([]));
  });

  afterAll(() => app?.close());

  /** What a path no route serves answers: the path is never echoed back. */
  const notFound = {
    status: 404,
    body: JSON.stringify({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: REQUEST_MESSAGES.routeNotFound,
    }),
  };

  it.each([
    ['no credential', {}],
    ['a wrong token', { 'x-internal-token': 'wrong-internal-api-token-0123456789abcdef' }],
    ['the token cut short', { 'x-internal-token': TEST_INTERNAL_API_TOKEN.slice(0, -1) }],
    ['the token as a bearer token', { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` }],
  ])(
    'with %s, /internal/* answers as a path that does not exist',
    async (_case, headers: Record<string, string>) => {
      for (const [method, path] of [
        ['GET', '/internal/things/1'],
        ['GET', '/%69nternal/things/1'],
        ['GET', '/internal/things/1?x=1'],
        ['POST', '/internal/things/1/grant'],
      ] as const) {
        const response = await fetch(`${url}${path}`, { method, headers });
        expect({ path, ...(await answer(response)) }).toEqual({
          path,
          ...notFound,
        });
      }
      expect((await fetch(`${url}/internal/things/1`, { method: 'HEAD', headers })).status).toBe(
        404,
      );
    },
  );

  it('with the token in x-internal-token, /internal/* answers', async () => {
    const headers = { 'x-internal-token': TEST_INTERNAL_API_TOKEN };
    expect(await answer(await fetch(`${url}/internal/things/1`, { headers }))).toEqual({
      status: 200,
      body: JSON.stringify({ id: '1', secret: 'internal data' }),
    });
    const grant = await fetch(`${url}/internal/things/1/grant`, { method: 'POST', headers });
    expect(grant.status).toBe(201);
  });

  it.each([
    ['no credential', {}],
    ['a wrong bearer token', { authorization: 'Bearer wrong-internal-api-token-0123456789abcdef' }],
    ['a wrong x-internal-token', { 'x-internal-token': 'x' }],
    ['the token without Bearer', { authorization: TEST_INTERNAL_API_TOKEN }],
  ])('with %s, /metrics answers 404', async (_case, headers: Record<string, string>) => {
    for (const path of ['/metrics', '/%6detrics']) {
      expect({ path, ...(await answer(await fetch(`${url}${path}`, { headers }))) }).toEqual({
        path,
        ...notFound,
      });
    }
  });

  it.each([
    ['Authorization: Bearer', { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` }],
    ['x-internal-token', { 'x-internal-token': TEST_INTERNAL_API_TOKEN }],
  ])('with the token in %s, /metrics answers', async (_case, headers: Record<string, string>) => {
    const response = await fetch(`${url}/metrics`, { headers });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# HELP http_request_duration_seconds');
  });

  it('leaves the other routes and the health checks open', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/api/whoami`)).status).toBe(200);
  });
});

describe('a metrics credential of its own (METRICS_TOKEN)', () => {
  const METRICS_TOKEN = 'test-metrics-token-0123456789abcdef-metrics';
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await start([], { METRICS_TOKEN }));
  });

  afterAll(() => app?.close());

  it('opens /metrics, in either header, and the service credential no longer does', async () => {
    for (const headers of [
      { authorization: `Bearer ${METRICS_TOKEN}` } as Record<string, string>,
      { 'x-internal-token': METRICS_TOKEN },
    ]) {
      expect((await fetch(`${url}/metrics`, { headers })).status).toBe(200);
    }
    for (const headers of [
      { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` } as Record<string, string>,
      { 'x-internal-token': TEST_INTERNAL_API_TOKEN },
    ]) {
      expect((await fetch(`${url}/metrics`, { headers })).status).toBe(404);
    }
  });

  it('opens no /internal/* route, which the service credential still does', async () => {
    const asScraper = await fetch(`${url}/internal/things/1`, {
      headers: { 'x-internal-token': METRICS_TOKEN },
    });
    expect(asScraper.status).toBe(404);
    const asService = await fetch(`${url}/internal/things/1`, {
      headers: { 'x-internal-token': TEST_INTERNAL_API_TOKEN },
    });
    expect(asService.status).toBe(200);
  });
});

describe('X-Forwarded-For', () => {
  const started: INestApplication[] = [];
  afterAll(() => Promise.all(started.map((app) => app.close())));

  const whoami = async (trusted: string[], forwardedFor: string) => {
    const { app, url } = await start(trusted);
    started.push(app);
    const response = await fetch(`${url}/api/whoami`, {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return ((await response.json()) as { ip: string }).ip;
  };

  it('is ignored by default: the client is the TCP peer', async () => {
    expect(await whoami([], '203.0.113.7')).toBe('127.0.0.1');
  });

  it('is believed from a trusted proxy only', async () => {
    expect(await whoami(['127.0.0.1'], '203.0.113.7')).toBe('203.0.113.7');
    expect(await whoami(['10.0.0.0/8'], '203.0.113.7')).toBe('127.0.0.1');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/auth/reset-password/abc123', '/api/auth/reset-password/[REDACTED]'],
    ['/api/auth/Reset-Password/abc123/extra', '/api/auth/Reset-Password/[REDACTED]/extra'],
    [
      '/api/auth/review-reminders/unsubscribe/abc.123',
      '/api/auth/review-reminders/unsubscribe/[REDACTED]',
    ],
    ['/unsubscribe/abc.123?x=1', '/unsubscribe/[REDACTED]?x=1'],
    ['/api/tests?page=2', '/api/tests?page=2'],
    [
      '/x?token=a&api_key=b&client_secret=c&code=d&signature=e&sig=f&page=1&flag',
      '/x?token=[REDACTED]&api_key=[REDACTED]&client_secret=[REDACTED]&code=[REDACTED]&signature=[REDACTED]&sig=[REDACTED]&page=1&flag',
    ],
    ['/x?%74oken=a', '/x?%74oken=[REDACTED]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
