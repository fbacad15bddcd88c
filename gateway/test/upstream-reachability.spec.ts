import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { HealthRegistry } from '@mcat/service-kit/core';
import { UpstreamReachability } from '../src/health/upstream-reachability';
import type { Upstreams } from '../src/upstreams';

/**
 * A service behind a network that drops the gateway's packets, as a new pod's are until the
 * nodes' network-policy agents have synced: the connection opens (the test cannot drop SYNs on
 * loopback) but nothing ever comes back. Once `answer()` is called it answers like a service.
 */
async function silentThenAnswering(): Promise<{
  origin: string;
  answer: () => void;
  close: () => Promise<void>;
}> {
  let answering = false;
  const http: Server = createServer((_request, response) => response.end('{"status":"up"}'));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (answering) http.emit('connection', socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: () => {
      answering = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function answering(status: number): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const everyUpstreamAt = (origin: string): Upstreams => ({
  auth: origin,
  tests: origin,
  questions: origin,
  billing: origin,
  mailer: origin,
});

describe("the gateway's readiness at start", () => {
  it('is down until every service has answered, whatever the answer, then up for good', async () => {
    const dropping = await silentThenAnswering();
    const up = await answering(200);
    const unready = await answering(503);
    try {
      const upstreams: Upstreams = {
        ...everyUpstreamAt(up.origin),
        questions: unready.origin,
        billing: dropping.origin,
      };
      const reachability = new UpstreamReachability(upstreams, new HealthRegistry());
      expect(await reachability.isHealthy()).toBe(false);

      dropping.answer();
      expect(await reachability.isHealthy()).toBe(true);

      await dropping.close();
      expect(await reachability.isHealthy()).toBe(true);
    } finally {
      await dropping.close();
      up.server.close();
      unready.server.close();
    }
  });

  it("shows in the gateway's /readyz as the dependency 'upstreams'", async () => {
    const dropping = await silentThenAnswering();
    try {
      const registry = new HealthRegistry();
      new UpstreamReachability(everyUpstreamAt(dropping.origin), registry).onModuleInit();
      expect(await registry.check()).toEqual({ upstreams: 'down' });
    } finally {
      await dropping.close();
    }
  });
});
