import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { GatewayConfig } from '../src/config';
import { RunnerProcesses } from '../src/health/runner-processes';
import { UpstreamHealth } from '../src/health/upstream-health';
import type { Upstreams } from '../src/upstreams';

/**
 * A service whose pod is being replaced, as Fastify behaves while it closes: the first request of
 * a connection is answered ready, a later request on the same connection 503.
 */
async function leavingOnReusedConnections(): Promise<{ server: Server; origin: string }> {
  const served = new WeakSet<Socket>();
  const server = createServer((request, response) => {
    const reused = served.has(request.socket);
    served.add(request.socket);
    const status = reused ? 503 : 200;
    const body = JSON.stringify({
      status: reused ? 'down' : 'up',
      dependencies: { mongodb: 'up', nats: 'up', redis: 'up' },
    });
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('/api/health asking the services whether they are ready', () => {
  it('asks each time on a new connection, so a pod leaving on an old one does not report its service down', async () => {
    const { server, origin } = await leavingOnReusedConnections();
    try {
      const upstreams: Upstreams = {
        auth: origin,
        tests: origin,
        questions: origin,
        billing: origin,
        mailer: origin,
      };
      const health = new UpstreamHealth(upstreams, new RunnerProcesses({} as GatewayConfig));
      const reports = [await health.report(), await health.report(), await health.report()];
      expect(reports.map((report) => report.status)).toEqual(['up', 'up', 'up']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
