import { Readable } from 'node:stream';
import { BadRequestException, HttpException, Logger, NotFoundException } from '@nestjs/common';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { KEEP_ALIVE_DRAIN_MS, toErrorBody, type TokenVerifier } from '@mcat/service-kit/core';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import type { Upstreams } from '../upstreams';
import { limitedBody, limitFor, type BodyLimits } from './body-limit';
import { forwardedHeaders } from './forwarded-headers';
import { PROXY_ROUTES, UNROUTED_PATHS, type ProxyRoute } from './route-table';
import { upstreamFailure } from './upstream-errors';

export interface ProxyOptions {
  upstreams: Upstreams;
  verifier: TokenVerifier;
  limits: BodyLimits;
  /** Longest wait for a service's response head, by route kind. */
  timeoutMs: number;
  longTimeoutMs: number;
}

interface ForwardingOptions extends ProxyOptions {
  routes: readonly ProxyRoute[];
  headersTimeout: number;
}

const FORWARDED_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'];

/** Open keep-alive connections per service; requests beyond these wait for a free one. */
const CONNECTIONS_PER_SERVICE = 128;

/**
 * An idle connection to a service is let go after this long: before a stopping service's
 * keep-alive drain ends, so the service never closes one under a request (and long before the
 * service's own idle limit, Fastify's 72 s).
 */
const IDLE_CONNECTION_MS = KEEP_ALIVE_DRAIN_MS - 1000;

const logger = new Logger('proxy');

/**
 * The forwarding routes of PROXY_ROUTES, each to its service with the path unchanged. Bodies are
 * streamed both ways (never parsed or buffered here); the token is checked first unless the route
 * is public; a service that cannot be reached answers 502 naming it, one that is too slow 504.
 */
export async function proxyPlugin(fastify: FastifyInstance, options: ProxyOptions): Promise<void> {
  await fastify.register(forwardingContext, {
    ...options,
    routes: PROXY_ROUTES.filter((route) => !route.long),
    headersTimeout: options.timeoutMs,
  });
  await fastify.register(forwardingContext, {
    ...options,
    routes: PROXY_ROUTES.filter((route) => route.long),
    headersTimeout: options.longTimeoutMs,
  });
  for (const path of UNROUTED_PATHS) {
    fastify.route({
      method: FORWARDED_METHODS,
      url: path,
      exposeHeadRoute: false,
      handler: notFound,
    });
  }
}

/** One encapsulated context per upstream timeout: its own undici pool and pass-through bodies. */
async function forwardingContext(
  fastify: FastifyInstance,
  options: ForwardingOptions,
): Promise<void> {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  await fastify.register(replyFrom, {
    undici: {
      connections: CONNECTIONS_PER_SERVICE,
      pipelining: 1,
      keepAliveTimeout: IDLE_CONNECTION_MS,
      keepAliveMaxTimeout: IDLE_CONNECTION_MS,
      headersTimeout: options.headersTimeout,
      // Once a response has started it streams as long as it lasts (downloads, server-sent events).
      bodyTimeout: 0,
    },
    destroyAgent: true,
    disableRequestLogging: true,
    retryMethods: [],
  });

  for (const route of options.routes) {
    const forwarding = forwardingHooks(route, options.upstreams[route.service]);
    fastify.route({
      method: FORWARDED_METHODS,
      url: route.path,
      exposeHeadRoute: false,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!route.public) await options.verifier.verify(request.headers.authorization);
        if (request.body instanceof Readable) {
          try {
            request.body = limitedBody(
              request,
              request.body,
              limitFor(request, options.limits, route),
            );
          } catch (error) {
            // The refused body is left unread: the connection closes after the answer.
            void reply.header('connection', 'close');
            throw error;
          }
        }
        return forward(reply, forwarding);
      },
    });
  }
}

/** reply-from refuses a path with dot segments (it could climb out of the service's routes). */
function forward(reply: FastifyReply, hooks: FastifyReplyFromHooks): FastifyReply {
  try {
    return reply.from(undefined, hooks);
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 400) {
      throw new BadRequestException(REQUEST_MESSAGES.invalidPath);
    }
    throw error;
  }
}

function forwardingHooks(route: ProxyRoute, origin: string): FastifyReplyFromHooks {
  return {
    getUpstream: () => origin,
    rewriteRequestHeaders: forwardedHeaders,
    retryDelay: () => null,
    onError: (reply, { error }) => {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof HttpException) {
        // The client's own fault while its body streamed (too large): not the service's.
        void reply.header('connection', 'close').status(cause.getStatus()).send(toErrorBody(cause));
        return;
      }
      const body = upstreamFailure(route.service, error);
      logger.warn({
        requestId: reply.request.id,
        message: `${route.service} at ${origin}: ${describe(error)} -> ${body.statusCode}`,
      });
      void reply.status(body.statusCode).send(body);
    },
  };
}

function describe(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

/** The path and method are the caller's input: never echoed back. */
function notFound(): never {
  throw new NotFoundException(REQUEST_MESSAGES.routeNotFound);
}
