import { PAGING_MESSAGES } from '../messages';
import { decodeQuestionCursor, encodeQuestionCursor } from './question-cursor';
import { questionListQuerySchema, questionSearchSchema } from './questions';

const place = { createdAt: '2025-03-04T05:06:07.089Z', id: '0123456789abcdef01234567' };
const cursor = encodeQuestionCursor(place);
const base64url = (text: string) => Buffer.from(text).toString('base64url');

const firstMessage = (query: Record<string, string>) => {
  const result = questionListQuerySchema.safeParse(query);
  return result.success ? 'accepted' : result.error.issues[0]?.message;
};

describe('question list paging parameters', () => {
  it('a cursor reads back as the place it was made from, and is URL-safe without escaping', () => {
    expect(decodeQuestionCursor(cursor)).toEqual(place);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(cursor)).toBe(cursor);
  });

  it('without parameters the list is the whole list; unknown ones are ignored as before', () => {
    expect(questionListQuerySchema.parse({})).toEqual({});
    expect(questionListQuerySchema.parse({ sort: 'oldest' })).toEqual({});
  });

  it('takes a limit from 1 to 200 and a cursor, read into its place', () => {
    expect(questionListQuerySchema.parse({ limit: '1' })).toEqual({ limit: 1 });
    expect(questionListQuerySchema.parse({ limit: '200', cursor })).toEqual({
      limit: 200,
      cursor: place,
    });
  });

  it.each(['0', '-1', '201', '1.5', 'abc', '', ' 5', '1e2', '0x10', '9'.repeat(5000)])(
    'refuses the limit %j with one message',
    (limit) => {
      expect(firstMessage({ limit })).toBe(PAGING_MESSAGES.limit);
    },
  );

  it.each([
    ['empty', ''],
    ['not base64url', '!!!!'],
    ['huge', 'A'.repeat(5000)],
    ['a forged id', base64url(`${place.createdAt} not-an-id-at-all-at-all!`)],
    ['an operator for an id', base64url(`${place.createdAt} {"$gt":""}`)],
    ['an upper-case id', base64url(`${place.createdAt} ${place.id.toUpperCase()}`)],
    ['a date that does not exist', base64url(`2025-02-30T00:00:00.000Z ${place.id}`)],
    ['a date without milliseconds', base64url(`2025-03-04T05:06:07Z ${place.id}`)],
    ['another shape (JSON)', base64url(JSON.stringify(place))],
    ['an extra part', base64url(`${place.createdAt} ${place.id} 1`)],
    ['padded', `${cursor}==`],
    ['standard base64', Buffer.from(`${place.createdAt} ${place.id}`).toString('base64')],
  ])('refuses a cursor that is %s', (_kind, bad) => {
    expect(decodeQuestionCursor(bad)).toBeNull();
    expect(firstMessage({ limit: '10', cursor: bad })).toBe(PAGING_MESSAGES.cursor);
  });

  it('refuses a cursor without a limit', () => {
    expect(firstMessage({ cursor })).toBe(PAGING_MESSAGES.cursorWithoutLimit);
  });

  it('the search takes the filters with the paging parameters, and nothing else', () => {
    expect(questionSearchSchema.parse({ section: '', ankiStatus: 'made', limit: '50' })).toEqual({
      ankiStatus: 'made',
      limit: 50,
    });
    expect(questionSearchSchema.safeParse({ limit: '50', page: '2' }).success).toBe(false);
    expect(questionSearchSchema.safeParse({ cursor }).error?.issues[0]?.message).toBe(
      PAGING_MESSAGES.cursorWithoutLimit,
    );
  });
});
