/**
 * What Fastify and Node's HTTP server refuse before any route runs, in the product's vocabulary:
 * `{ statusCode, code, message }` with a code of ERROR_CODES and a message of the contracts that
 * never echoes the request back. Fastify's own bodies for these (`{"error":"Bad Request","code":
 * "FST_ERR_MAX_PARAM_LENGTH","message":"'/api/tests/aaaa…' is exceeding…"}`) carried a framework
 * code and the path. Given to every Fastify adapter of the product: the kit's and the gateway's.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { REQUEST_MESSAGES, type ApiError } from '@mcat/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';

/** The router's refusals: a path that is not a valid URL component, a parameter over its length. */
export function routerRefusal(error: Pick<FastifyError, 'code'>): ApiError {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? errorBody(414, REQUEST_MESSAGES.pathTooLong, 'URI_TOO_LONG')
    : errorBody(400, REQUEST_MESSAGES.invalidPath);
}

/** The HTTP parser's refusals, before there is a request: headers too large, too slow, not HTTP. */
export function connectionRefusal(error: { code?: string }): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return errorBody(431, REQUEST_MESSAGES.headersTooLarge, 'HEADERS_TOO_LARGE');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return errorBody(408, REQUEST_MESSAGES.requestTimeout, 'REQUEST_TIMEOUT');
    default:
      return errorBody(400, REQUEST_MESSAGES.malformedRequest);
  }
}

export const frameworkRefusalOptions = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
    const body = routerRefusal(error);
    void reply.status(body.statusCode).send(body);
  },
  /** As Fastify's own handler does, but with the product's body; the socket is then closed. */
  clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const refusal = connectionRefusal(error);
      const status = refusal.statusCode;
      const body = JSON.stringify(refusal);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
          `Content-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
};
