import { Transform, type Readable } from 'node:stream';
import { PayloadTooLargeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { isMultipartContentType, ONE_CLICK_BODY_LIMIT } from '@mcat/service-kit/core';
import type { ProxyRoute } from './route-table';

export interface BodyLimits {
  /** Any body but a multipart upload. */
  body: number;
  /** multipart/form-data on an upload route (spreadsheet imports). */
  upload: number;
}

const TOO_LARGE = REQUEST_MESSAGES.bodyTooLarge;

/** The limit that applies to this request, by its route and content type. */
export function limitFor(
  request: FastifyRequest,
  limits: BodyLimits,
  route: Pick<ProxyRoute, 'upload' | 'oneClick'> = {},
): number {
  if (route.oneClick) return Math.min(ONE_CLICK_BODY_LIMIT, limits.body);
  return route.upload && isMultipartContentType(request.headers['content-type'])
    ? limits.upload
    : limits.body;
}

/**
 * A body announced larger than the limit is refused before it is read; a chunked body is passed
 * on through a counter that fails the forwarding once it passes the limit. Nothing is buffered.
 */
export function limitedBody(request: FastifyRequest, body: Readable, limit: number): Readable {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) throw new PayloadTooLargeException(TOO_LARGE);
  if (!Number.isNaN(declared)) return body;

  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new PayloadTooLargeException(TOO_LARGE) : null, chunk);
    },
  });
  body.on('error', (error) => counter.destroy(error));
  return body.pipe(counter);
}
