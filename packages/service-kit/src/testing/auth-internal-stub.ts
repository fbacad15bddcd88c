import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@mcat/contracts';
import { INTERNAL_TOKEN_HEADER } from '../http/internal-credential';
import { TEST_INTERNAL_API_TOKEN } from './internal-api-token';

interface StubUser {
  isPremium: boolean;
  roles: Role[];
  /** 'YYYY-MM-DD' or null. */
  plannedTestingDate: string | null;
}

/**
 * Stands in for the auth service's internal read-through (`GET /internal/users/:id` ->
 * {userId, isPremium, roles, plannedTestingDate}, 404 for an unknown user) in a service's tests, and counts the calls.
 * As auth does, it answers 404 to a call without the service credential (`x-internal-token`), and
 * counts those apart, so a test sees a client that forgot to send it.
 */
export class AuthInternalStub {
  private readonly users = new Map<string, StubUser>();
  /** Requests answered, by user id. */
  readonly calls = new Map<string, number>();
  /** Requests refused for a missing or wrong credential. */
  uncredentialedCalls = 0;
  /** While true, every credentialed request answers 500, as an auth that cannot read its users. */
  failing = false;

  private constructor(private readonly server: Server) {}

  static async start(token: string = TEST_INTERNAL_API_TOKEN): Promise<AuthInternalStub> {
    const server = createServer();
    const stub = new AuthInternalStub(server);
    server.on('request', (request, response) => {
      if (request.headers[INTERNAL_TOKEN_HEADER] !== token) {
        stub.uncredentialedCalls += 1;
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 404, message: `Cannot GET ${request.url}` }));
        return;
      }
      const match = /^\/internal\/users\/([^/?]+)$/.exec(request.url ?? '');
      const userId = match ? decodeURIComponent(match[1] as string) : undefined;
      const user = userId ? stub.users.get(userId) : undefined;
      if (userId) stub.calls.set(userId, (stub.calls.get(userId) ?? 0) + 1);
      if (stub.failing) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 500, message: 'Internal server error' }));
        return;
      }
      if (!userId || !user) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 404, message: 'User not found' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ userId, ...user }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  /** The AUTH_INTERNAL_URL a service under test is given. */
  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  setUser(userId: string, user: Partial<StubUser> = {}): void {
    this.users.set(userId, {
      isPremium: false,
      roles: ['student'],
      plannedTestingDate: null,
      ...user,
    });
  }

  /** Auth no longer knows the user (an account deleted meanwhile): 404 from now on. */
  forget(userId: string): void {
    this.users.delete(userId);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
