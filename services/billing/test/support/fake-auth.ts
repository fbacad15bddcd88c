import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_REVIEW_REMINDERS, type Role, type User } from '@mcat/contracts';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';

/**
 * Stands in for the auth service's two endpoints billing calls: `GET /api/auth/me` (the user of
 * the bearer token; the guard in billing has verified it already) and the idempotent
 * `POST /internal/users/:id/premium`, which, as auth's, answers 404 without the service credential.
 * It counts premium calls and can be made slow or down.
 */
export class FakeAuth {
  readonly users = new Map<string, User>();
  readonly premiumCalls: string[] = [];
  /** Delay before answering the premium call (to widen races). */
  premiumDelayMs = 0;
  /** When true, the premium call answers 503. */
  down = false;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeAuth> {
    const server = createServer();
    const auth = new FakeAuth(server);
    server.on('request', (request, response) => void auth.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return auth;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  addUser(userId: string, email: string, roles: Role[] = ['student']): User {
    const user: User = {
      _id: userId,
      name: `Student ${userId.slice(-4)}`,
      email,
      plannedTestingDate: null,
      targetScore: null,
      isPremium: false,
      roles,
      reviewReminders: { ...DEFAULT_REVIEW_REMINDERS },
    };
    this.users.set(userId, user);
    return user;
  }

  premiumCallsFor(userId: string): number {
    return this.premiumCalls.filter((id) => id === userId).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const premium = /^\/internal\/users\/([0-9a-f]{24})\/premium$/.exec(request.url ?? '');
    if (request.method === 'POST' && premium?.[1]) {
      if (request.headers['x-internal-token'] !== TEST_INTERNAL_API_TOKEN) {
        return send(404, {
          statusCode: 404,
          code: 'NOT_FOUND',
          message: `Cannot POST ${request.url}`,
        });
      }
      const userId = premium[1];
      if (this.premiumDelayMs) await new Promise((r) => setTimeout(r, this.premiumDelayMs));
      if (this.down) return send(503, { statusCode: 503, code: 'UNAVAILABLE', message: 'down' });
      const user = this.users.get(userId);
      if (!user)
        return send(404, { statusCode: 404, code: 'NOT_FOUND', message: 'User not found' });
      this.premiumCalls.push(userId);
      user.isPremium = true;
      return send(200, { userId, isPremium: true, roles: user.roles });
    }
    if (request.method === 'GET' && request.url === '/api/auth/me') {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const payload = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as { sub?: string };
      const user = payload.sub ? this.users.get(payload.sub) : undefined;
      if (!user)
        return send(401, {
          statusCode: 401,
          code: 'UNAUTHENTICATED',
          message: 'Please log in to continue.',
        });
      return send(200, user);
    }
    send(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  }
}
