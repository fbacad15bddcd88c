import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@mcat/contracts';

interface StubUser {
  isPremium: boolean;
  roles: Role[];
}

/**
 * Stands in for the auth service's internal read-through (`GET /internal/users/:id` ->
 * {userId, isPremium, roles}, 404 for an unknown user) in a service's tests, and counts the calls.
 */
export class AuthInternalStub {
  private readonly users = new Map<string, StubUser>();
  /** Requests answered, by user id. */
  readonly calls = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<AuthInternalStub> {
    const server = createServer();
    const stub = new AuthInternalStub(server);
    server.on('request', (request, response) => {
      const match = /^\/internal\/users\/([^/?]+)$/.exec(request.url ?? '');
      const userId = match ? decodeURIComponent(match[1] as string) : undefined;
      const user = userId ? stub.users.get(userId) : undefined;
      if (userId) stub.calls.set(userId, (stub.calls.get(userId) ?? 0) + 1);
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
    this.users.set(userId, { isPremium: false, roles: ['student'], ...user });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
