import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { errorBody } from './error-body';

/** `application/json`, optionally with a UTF-8 charset (the only one JSON has, RFC 8259). */
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;

/** Whether the request carries a body: a length above 0, or a chunked (or other) encoding. */
export function carriesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export const isJsonContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && JSON_TYPE.test(contentType.trim());

export const isMultipartContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && MULTIPART_TYPE.test(contentType.trim());

/**
 * Whether a request may go on by its body's type: a request without a body always may; a body
 * must be JSON, or multipart/form-data on a route that takes uploads.
 */
export function acceptableBodyType(headers: IncomingHttpHeaders, takesUploads: boolean): boolean {
  if (!carriesBody(headers)) return true;
  const contentType = headers['content-type'];
  return isJsonContentType(contentType) || (takesUploads && isMultipartContentType(contentType));
}

/**
 * Whether a body's encoding may be read: none or `identity`. A compressed body is refused rather
 * than inflated, so no body is ever larger in memory than the limit it was checked against.
 */
export function acceptableBodyEncoding(headers: IncomingHttpHeaders): boolean {
  const encoding = headers['content-encoding'];
  return !carriesBody(headers) || encoding === undefined || /^\s*identity\s*$/i.test(encoding);
}

export interface BodyTypeOptions {
  /** Route paths (as declared) that take multipart/form-data besides JSON. */
  uploadRoutes?: readonly string[];
}

/**
 * Answers 415 before the body is read to any request whose body is not JSON (form-encoded,
 * text/plain, XML, …), whatever the route: every API route of the product takes JSON, except the
 * upload routes named, which also take multipart/form-data. Fastify would otherwise parse
 * text/plain, and Nest's adapter form-encoded bodies, into something a route might accept. A
 * compressed body (Content-Encoding) is refused the same way.
 */
export function refuseNonJsonBodies(fastify: FastifyInstance, options: BodyTypeOptions = {}): void {
  const uploadRoutes = new Set(options.uploadRoutes ?? []);
  fastify.addHook('onRequest', (request, reply, done) => {
    const takesUploads = uploadRoutes.has(request.routeOptions.url ?? '');
    const message = !acceptableBodyEncoding(request.headers)
      ? REQUEST_MESSAGES.unsupportedContentEncoding
      : !acceptableBodyType(request.headers, takesUploads)
        ? REQUEST_MESSAGES.unsupportedContentType
        : null;
    if (message === null) {
      done();
      return;
    }
    // The refused body is left unread: the connection closes after the answer.
    void reply.status(415).header('connection', 'close').send(errorBody(415, message));
  });
}
