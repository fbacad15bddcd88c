import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES, type ApiError } from '@mcat/contracts';

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

export interface BodyTypeOptions {
  /** Route paths (as declared) that take multipart/form-data besides JSON. */
  uploadRoutes?: readonly string[];
}

/**
 * Answers 415 before the body is read to any request whose body is not JSON (form-encoded,
 * text/plain, XML, …), whatever the route: every API route of the product takes JSON, except the
 * upload routes named, which also take multipart/form-data. Fastify would otherwise parse
 * text/plain, and Nest's adapter form-encoded bodies, into something a route might accept.
 */
export function refuseNonJsonBodies(fastify: FastifyInstance, options: BodyTypeOptions = {}): void {
  const uploadRoutes = new Set(options.uploadRoutes ?? []);
  fastify.addHook('onRequest', (request, reply, done) => {
    const takesUploads = uploadRoutes.has(request.routeOptions.url ?? '');
    if (acceptableBodyType(request.headers, takesUploads)) {
      done();
      return;
    }
    const body: ApiError = { statusCode: 415, message: REQUEST_MESSAGES.unsupportedContentType };
    // The refused body is left unread: the connection closes after the answer.
    void reply.status(415).header('connection', 'close').send(body);
  });
}
