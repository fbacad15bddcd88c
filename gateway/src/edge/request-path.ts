/**
 * The one spelling of a request path the gateway routes and forwards. A path is percent-decoded
 * once and refused when any spelling could mean something else to the next parser on the way (the
 * forwarding URL, a service's router): a backslash, an encoded slash, backslash or percent sign
 * (double encoding), a dot segment, an empty segment, a `;`, a control character or anything
 * outside ASCII, and malformed or overlong UTF-8. What is left is re-encoded segment by segment,
 * and that normal form is what the router matches and what a service receives.
 */

export type NormalisedPath = { ok: true; url: string } | { ok: false; reason: string };

/** RFC 3986 `pchar`s, `/` and `%`, less `;` (matrix parameters, `..;` tricks): all a raw path may hold. */
const RAW_PATH = /^[A-Za-z0-9\-._~!$&'()*+,=:@/%]*$/;
/** Every `%` starts a two-digit escape. */
const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** Escapes of `/`, `\` and `%`: a second path separator, or a second round of decoding. */
const ENCODED_SEPARATOR_OR_PERCENT = /%(2f|5c|25)/i;
/** What a decoded path may hold: printable ASCII less the backslash. */
const DECODED_PATH = /^[\x20-\x5b\x5d-\x7e]*$/;

const refused = (reason: string): NormalisedPath => ({ ok: false, reason });

function decodeOnce(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

/** The normal form of a request target (`/path?query`), or why it is refused. */
export function normaliseRequestPath(target: string): NormalisedPath {
  if (!target.startsWith('/')) return refused('not an absolute path');
  const queryAt = target.indexOf('?');
  const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? '' : target.slice(queryAt);

  if (!RAW_PATH.test(rawPath)) return refused('a character that is not allowed in a path');
  if (MALFORMED_ESCAPE.test(rawPath)) return refused('a malformed percent escape');
  if (ENCODED_SEPARATOR_OR_PERCENT.test(rawPath)) {
    return refused('an encoded slash, backslash or percent sign');
  }
  const decoded = decodeOnce(rawPath);
  if (decoded === null) return refused('an escape that is not UTF-8');
  if (!DECODED_PATH.test(decoded)) return refused('a decoded character that is not allowed');

  const segments = decoded.split('/').slice(1);
  const last = segments.length - 1;
  for (const [index, segment] of segments.entries()) {
    if (segment === '.' || segment === '..') return refused('a dot segment');
    if (segment === '' && index !== last) return refused('an empty segment');
  }
  return { ok: true, url: `/${segments.map(encodeURIComponent).join('/')}${query}` };
}
