import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stand-in service saw of a request the gateway forwarded. */
export interface SeenRequest {
  service: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real HTTP server standing in for one of the gateway's neighbours (auth, tests…): it answers
 * /readyz like a kit service, and by default echoes each request as JSON. A test can give a path
 * its own handler (slow answers, streams, server-sent events) and stop the server.
 */
export class FakeService {
  readonly seen: SeenRequest[] = [];
  readonly handlers = new Map<string, Handler>();
  dependencies: Record<string, 'up' | 'down'> = { mongodb: 'up', nats: 'up', redis: 'up' };

  private constructor(
    readonly name: string,
    private readonly server: Server,
  ) {}

  static async start(name: string): Promise<FakeService> {
    const server = createServer();
    const service = new FakeService(name, server);
    server.on('request', (request, response) => service.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The requests that reached this service under a path (query included). */
  seenAt(url: string): SeenRequest[] {
    return this.seen.filter((request) => request.url === url);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/readyz') {
      const ready = Object.values(this.dependencies).every((status) => status === 'up');
      json(response, ready ? 200 : 503, {
        status: ready ? 'up' : 'down',
        dependencies: this.dependencies,
      });
      return;
    }
    const custom = this.handlers.get(path);
    if (custom) {
      custom(request, response);
      return;
    }
    let bodyBytes = 0;
    request.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on('end', () => {
      const seen: SeenRequest = {
        service: this.name,
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        bodyBytes,
      };
      this.seen.push(seen);
      json(response, 200, seen);
    });
  }
}

/** A JSON answer with its length, as the services' Fastify sends one. */
export function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
