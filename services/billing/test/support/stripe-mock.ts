import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureTool, waitForPort } from '@mcat/test-support/stack';
import { freePort } from '@mcat/test-support/private-infra';

/** Headers of one connection, not passed on. */
const HOP_HEADERS = ['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];

/** A request billing made to Stripe: method, path and query. */
export interface StripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

/** The fields of a promotion code a test sets, as it would have made the code in Stripe. */
export interface PromotionCodeState {
  code: string;
  active: boolean;
  expires_at: number | null;
  customer: string | null;
}

/**
 * The official stripe-mock on free loopback ports, with the version check on: a request whose
 * Stripe-Version differs from the mock's OpenAPI version fails, so an SDK upgrade that drifts
 * from the mock is caught here.
 *
 * Billing reaches it through a small front on `url` that records every request (`requests`) and
 * passes the mock's answers on unchanged, except for one thing stripe-mock cannot do: it keeps no
 * state and answers every promotion code lookup with its one fixture (code FALL20, inactive, expired
 * in 2009, coupon Z4OV52SU of 25.5% off), whatever code was asked for. While `promotionCode` is set,
 * every promotion code in its answers takes those fields, as if the test had created that code in
 * Stripe; the rest of the object (id, coupon, limits) is still the mock's.
 */
export class StripeMock {
  readonly requests: StripeRequest[] = [];
  promotionCode: PromotionCodeState | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly mockUrl: string,
    private readonly front: Server,
  ) {}

  static async start(): Promise<StripeMock> {
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const child = spawn(
      ensureTool('stripe-mock'),
      [
        '-http-addr',
        `127.0.0.1:${httpPort}`,
        '-https-addr',
        `127.0.0.1:${httpsPort}`,
        '-strict-version-check',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(httpPort, 15_000);
    const front = createServer();
    const mock = new StripeMock(child, `http://127.0.0.1:${httpPort}`, front);
    front.on('request', (request, response) => void mock.forward(request, response));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    return mock;
  }

  /** Where billing's STRIPE_API_URL points. */
  get url(): string {
    return `http://127.0.0.1:${(this.front.address() as AddressInfo).port}`;
  }

  /** The requests made since `from` (an index into `requests`) to paths starting with `prefix`. */
  requestsTo(prefix: string, from = 0): StripeRequest[] {
    return this.requests.slice(from).filter((request) => request.path.startsWith(prefix));
  }

  async stop(): Promise<void> {
    this.front.closeAllConnections();
    await new Promise<void>((resolve) => this.front.close(() => resolve()));
    if (this.child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }

  private async forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = new URL(request.url ?? '/', this.mockUrl);
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: target.pathname, query: target.searchParams });
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !HOP_HEADERS.includes(name)) {
        headers.set(name, value);
      }
    }
    const answer = await fetch(target, {
      method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const text = await answer.text();
    const body = this.promotionCode ? this.withPromotionCode(text) : text;
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'request-id': answer.headers.get('request-id') ?? '',
      'stripe-version': answer.headers.get('stripe-version') ?? '',
    });
    response.end(body);
  }

  private withPromotionCode(text: string): string {
    const state = this.promotionCode;
    const parsed = JSON.parse(text) as { object?: string; data?: { object?: string }[] };
    const apply = (object: { object?: string }) =>
      object.object === 'promotion_code' ? { ...object, ...state } : object;
    if (parsed.object === 'list' && parsed.data) {
      return JSON.stringify({ ...parsed, data: parsed.data.map(apply) });
    }
    return JSON.stringify(apply(parsed));
  }
}
