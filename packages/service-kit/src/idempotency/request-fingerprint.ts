import { createHash } from 'node:crypto';

export interface FingerprintedRequest {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * What makes two requests "the same" for a key: method, path with query, and the body as parsed.
 * A retry sends the same bytes, so its parsed body serializes identically.
 */
export function requestFingerprint({ method, url, body }: FingerprintedRequest): string {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}
