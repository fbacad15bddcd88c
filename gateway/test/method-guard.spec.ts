import { REQUEST_MESSAGES } from '@mcat/contracts';
import { GatewayHarness } from './support/gateway-harness';

describe('a method the route table does not describe at a path it does', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  it.each([
    ['PUT', '/api/tests', 'GET, POST, HEAD'],
    ['DELETE', '/api/auth/login', 'POST'],
    ['POST', '/api/health?x=1', 'GET, HEAD'],
    ['PATCH', '/api/tests/6650a1b2c3d4e5f6a7b8c9d0', 'GET, PUT, DELETE, HEAD'],
    ['DELETE', '/api/docs', 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s, without a token', async (method, path, allow) => {
    const response = await gateway.fetch(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toEqual({
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: REQUEST_MESSAGES.methodNotAllowed,
    });
  });

  it.each([
    ['GET', '/api/tests'],
    ['HEAD', '/api/tests'],
    ['OPTIONS', '/api/tests'],
    ['DELETE', '/api/nothing-here'],
  ])('%s %s is left to the routes', async (method, path) => {
    const response = await gateway.fetch(path, {
      method,
      headers: { authorization: gateway.bearer },
    });
    expect(response.status).not.toBe(405);
  });
});
