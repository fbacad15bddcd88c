/**
 * The `cursor` of the question lists' pages (docs/api-paging.md): opaque to clients, it is the
 * base64url of the last question's sort key, `<createdAt> <id>` (an ISO timestamp to the
 * millisecond and the 24-hex id), so the next page starts right after that place in the order
 * whatever was added or deleted meanwhile.
 */

/** A place in a question list's order: newest `createdAt` first, then the larger id first. */
export interface QuestionCursor {
  /** ISO 8601 to the millisecond, UTC (`Date.prototype.toISOString`). */
  createdAt: string;
  /** The question's id, 24 lower-case hex digits. */
  id: string;
}

const SORT_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z) ([0-9a-f]{24})$/;

const toBase64Url = (text: string): string =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(token: string): string | null {
  try {
    return atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

const isIsoTimestamp = (text: string): boolean => {
  const time = new Date(text);
  return !Number.isNaN(time.getTime()) && time.toISOString() === text;
};

export const encodeQuestionCursor = (cursor: QuestionCursor): string =>
  toBase64Url(`${cursor.createdAt} ${cursor.id}`);

/**
 * The place a cursor names, or null for anything that is not a cursor the service could have
 * given out: not base64url, not in its one spelling, or not a real timestamp and an id.
 */
export function decodeQuestionCursor(token: string): QuestionCursor | null {
  const text = fromBase64Url(token);
  const match = text === null ? null : SORT_KEY.exec(text);
  if (!match) return null;
  const cursor = { createdAt: match[1], id: match[2] };
  return isIsoTimestamp(cursor.createdAt) && encodeQuestionCursor(cursor) === token ? cursor : null;
}
