import { Controller, Get, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { privateRedis, type PrivateServer } from '@mcat/test-support/private-infra';
import {
  bootstrapService,
  CurrentUser,
  SESSION_VERSIONS_SYNCED_KEY,
  ServiceKitModule,
  sessionVersionKey,
  type KitConfig,
  type TokenClaims,
} from '../src';
import { markSessionVersionsSynced, randomObjectId, TestTokenIssuer } from '../src/testing';
import { kitTestConfig } from './support/kit-config';

@Controller('api/me')
class MeController {
  @Get()
  me(@CurrentUser() user: TokenClaims) {
    return { userId: user.sub };
  }
}

@Module({})
class MeModule {
  static register(config: KitConfig): DynamicModule {
    return {
      module: MeModule,
      imports: [ServiceKitModule.forRoot({ name: 'me', config })],
      controllers: [MeController],
    };
  }
}

const UNAVAILABLE = {
  statusCode: 503,
  code: 'UNAVAILABLE',
  message: 'Sign-in check is temporarily unavailable. Please try again in a moment.',
};

/** The guard against a private Redis (this test deletes the marker and stops Redis). */
describe('session versions a service checks tokens against', () => {
  let redisServer: PrivateServer;
  let redis: Redis;
  let issuer: TestTokenIssuer;
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    [redisServer, issuer] = await Promise.all([privateRedis(), TestTokenIssuer.start()]);
    redis = new Redis(redisServer.url);
    const config = await kitTestConfig({ REDIS_URL: redisServer.url, JWKS_URL: issuer.jwksUrl });
    app = await bootstrapService({ module: MeModule.register(config), config });
    url = `http://127.0.0.1:${config.PORT}/api/me`;
  });

  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    await issuer?.close();
    await redisServer?.dispose();
  });

  const me = async (token: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('a valid token answers 503 (not a sign-out) while Redis has lost the session versions', async () => {
    await redis.del(SESSION_VERSIONS_SYNCED_KEY);
    const userId = randomObjectId();
    expect(await me(issuer.sign({ sub: userId, sv: 0 }))).toEqual({
      status: 503,
      body: UNAVAILABLE,
    });
  });

  it('a token from before a password change is not honoured again after Redis lost its data', async () => {
    await markSessionVersionsSynced(redisServer.url);
    const userId = randomObjectId();
    await redis.set(sessionVersionKey(userId), '1');
    const before = issuer.sign({ sub: userId, sv: 0 });
    expect((await me(before)).status).toBe(401);
    await redis.flushall();
    expect(await me(before)).toEqual({ status: 503, body: UNAVAILABLE });
  });

  it('once the versions are whole again, a user without a stored version is at version 0', async () => {
    await markSessionVersionsSynced(redisServer.url);
    const userId = randomObjectId();
    expect(await me(issuer.sign({ sub: userId, sv: 0 }))).toEqual({
      status: 200,
      body: { userId },
    });
    expect((await me(issuer.sign({ sub: userId, sv: 1 }))).status).toBe(401);
  });

  it('a token of an older session version is refused with sign in again', async () => {
    await markSessionVersionsSynced(redisServer.url);
    const userId = randomObjectId();
    await redis.set(sessionVersionKey(userId), '2');
    expect(await me(issuer.sign({ sub: userId, sv: 1 }))).toEqual({
      status: 401,
      body: {
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Your session has expired or is invalid. Please log in again.',
      },
    });
    expect((await me(issuer.sign({ sub: userId, sv: 2 }))).status).toBe(200);
  });

  it('a valid token answers 503 while Redis is unreachable', async () => {
    await markSessionVersionsSynced(redisServer.url);
    await redisServer.stop();
    expect(await me(issuer.sign({ sub: randomObjectId(), sv: 0 }))).toEqual({
      status: 503,
      body: UNAVAILABLE,
    });
  });
});
