import type { Server } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/**
 * Once HTTP is closed, how long the rest of the shutdown (consumers, outbox relay, NATS, Redis,
 * MongoDB) may take before the process ends anyway.
 */
export const SHUTDOWN_HOOKS_LIMIT_MS = 5000;

/** HTTP servers whose app is shutting down: their answers close the connection. */
const shuttingDown = new WeakSet<Server>();

/** How often the keep-alive drain counts the connections still open. */
const CONNECTION_COUNT_INTERVAL_MS = 50;

/**
 * The longest keep-alive drain at shutdown (and at most half the grace). A caller that pools
 * connections to a process of the kit lets an idle one go sooner than this (the gateway: a second
 * sooner), so that by the drain's end it holds none the process would close under a request.
 */
export const KEEP_ALIVE_DRAIN_MS = 5000;

/**
 * Stops an app the graceful way, in two steps that share `graceMs`.
 *
 * First the keep-alive drain: the app goes on answering, on its open connections and on new ones,
 * but every answer closes its connection. It ends once no connection is open, or after
 * KEEP_ALIVE_DRAIN_MS (at most half the grace): by then a pooling caller has either sent its next
 * request (and been told to close) or let its idle connection go. Closing idle connections at once
 * instead races a client that is sending on one at that moment, as the gateway's pool does: its
 * request meets a closed socket and fails (a 502 for the student) although this process could
 * have answered it.
 *
 * Then the close: no new connections (a new request on an open one answers 503), requests in
 * flight get the rest of `graceMs` to finish and their connections close as they do; after that
 * the connections still open are closed. Then Nest's shutdown runs: consumers stopped, the outbox
 * relay and the connections to MongoDB, NATS and Redis closed.
 */
export async function shutdownGracefully(app: INestApplication, graceMs: number): Promise<void> {
  const server = app.getHttpServer() as Server;
  shuttingDown.add(server);
  const forceClose = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await connectionsReleased(server, Math.min(KEEP_ALIVE_DRAIN_MS, graceMs / 2));
    await app.close();
  } finally {
    clearTimeout(forceClose);
  }
}

/** Resolves once the server has no connection open, or after `limitMs`. */
async function connectionsReleased(server: Server, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline && (await openConnections(server)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, CONNECTION_COUNT_INTERVAL_MS));
  }
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.getConnections((error, count) => resolve(error ? 0 : count)),
  );
}

/**
 * Installs the graceful shutdown on an app before it listens. On one of these signals (a second
 * one is ignored): `shutdownGracefully`, then the process ends by that signal, as it would have
 * without a handler; a failed shutdown, or one that overruns the grace plus
 * SHUTDOWN_HOOKS_LIMIT_MS, exits with code 1. From the signal on, every answer ends its connection
 * (`Connection: close`). Closing the app otherwise (tests) removes the signal handlers.
 */
export function enableGracefulShutdown(
  app: INestApplication,
  fastify: FastifyInstance,
  graceMs: number,
  signals: readonly NodeJS.Signals[],
): void {
  const logger = new Logger('shutdown');
  let stopping = false;
  const unsubscribe = () => signals.forEach((signal) => process.removeListener(signal, onSignal));
  const fail = (reason: string) => {
    logger.error(reason);
    process.exit(1);
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    logger.log(
      `${signal}: closing each connection with its answer, then finishing requests in flight (up to ${graceMs} ms in all), then stopping`,
    );
    setTimeout(
      () => fail('Shutdown did not finish in time; exiting'),
      graceMs + SHUTDOWN_HOOKS_LIMIT_MS,
    ).unref();
    shutdownGracefully(app, graceMs).then(
      () => {
        unsubscribe();
        process.kill(process.pid, signal);
      },
      (error: unknown) => fail(`Shutdown failed: ${String(error)}`),
    );
  }
  signals.forEach((signal) => process.on(signal, onSignal));
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (shuttingDown.has(fastify.server)) void reply.header('connection', 'close');
    done(null, payload);
  });
  fastify.addHook('onClose', (_instance, done) => {
    if (!stopping) unsubscribe();
    done();
  });
}
