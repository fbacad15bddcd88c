import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_MESSAGES } from '@mcat/contracts';
import { errorBody } from './error-body';

/** `application/json`, optionally with a UTF-8 charset (the only one JSON has, RFC 8259). */
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-?8"?\s*)?$/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * Largest body of a one-click unsubscribe POST (RFC 8058): the form field
 * `List-Unsubscribe=One-Click`, with a multipart boundary at most.
 */
export const ONE_CLICK_BODY_LIMIT = 4096;

/** Whether the request carries a body: a length above 0, or a chunked (or other) encoding. */
export function carriesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export const isJsonContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && JSON_TYPE.test(contentType.trim());

export const isMultipartContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined && MULTIPART_TYPE.test(contentType.trim());

/** The two types RFC 8058 lets a one-click unsubscribe POST use. */
export const isOneClickContentType = (contentType: string | undefined): boolean =>
  contentType !== undefined &&
  (FORM_TYPE.test(contentType.trim()) || MULTIPART_TYPE.test(contentType.trim()));

/** What a route takes besides JSON. */
export interface BodyKinds {
  /** multipart/form-data (a spreadsheet import). */
  upload?: boolean;
  /** A one-click unsubscribe form: application/x-www-form-urlencoded or multipart/form-data. */
  oneClick?: boolean;
}

/**
 * Whether a request may go on by its body's type: a request without a body always may; a body
 * must be JSON, or multipart/form-data on a route that takes uploads, or a one-click form on a
 * one-click route.
 */
export function acceptableBodyType(headers: IncomingHttpHeaders, kinds: BodyKinds): boolean {
  if (!carriesBody(headers)) return true;
  const contentType = headers['content-type'];
  return (
    isJsonContentType(contentType) ||
    (kinds.upload === true && isMultipartContentType(contentType)) ||
    (kinds.oneClick === true && isOneClickContentType(contentType))
  );
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
  /** Route paths (as declared) that take a one-click unsubscribe form besides JSON. */
  oneClickRoutes?: readonly string[];
}

/**
 * Answers 415 before the body is read to any request whose body is not JSON (form-encoded,
 * text/plain, XML, …), whatever the route: every API route of the product takes JSON, except the
 * upload routes named, which also take multipart/form-data, and the one-click routes named, which
 * also take the two form types of RFC 8058. Fastify would otherwise parse text/plain, and Nest's
 * adapter form-encoded bodies, into something a route might accept. A compressed body
 * (Content-Encoding) is refused the same way.
 */
export function refuseNonJsonBodies(fastify: FastifyInstance, options: BodyTypeOptions = {}): void {
  const uploadRoutes = new Set(options.uploadRoutes ?? []);
  const oneClickRoutes = new Set(options.oneClickRoutes ?? []);
  fastify.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? '';
    const kinds = { upload: uploadRoutes.has(route), oneClick: oneClickRoutes.has(route) };
    const message = !acceptableBodyEncoding(request.headers)
      ? REQUEST_MESSAGES.unsupportedContentEncoding
      : !acceptableBodyType(request.headers, kinds)
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

/**
 * Lets the one-click routes read multipart/form-data (Nest's adapter reads the url-encoded form
 * already): at most ONE_CLICK_BODY_LIMIT bytes, left aside, as what such a route does never
 * depends on its body. Other routes never get this far with either type (refuseNonJsonBodies).
 */
export function acceptOneClickForms(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );
}
