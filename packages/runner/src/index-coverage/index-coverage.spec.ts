import { filterShape, type QueryRecord } from '../../../service-kit/src/infra/query-shapes';
import {
  describeUnserved,
  isServed,
  unservedQueries,
  type IndexCatalog,
  type IndexSpec,
} from './index-coverage';

/** Whether one of `indexes` serves a filter written as a service writes it (values, not kinds). */
const served = (filter: object, indexes: IndexSpec[], sort?: Record<string, 1 | -1>) =>
  isServed({ filter: filterShape(filter), ...(sort ? { sort } : {}) }, indexes);

const byUserAndDate: IndexSpec = { key: { userId: 1, createdAt: -1 } };
const byEmail: IndexSpec = { key: { email: 1 } };

describe('which query shapes an index serves', () => {
  it('an index serves a condition on its first field, not on a later one', () => {
    expect(served({ userId: 'u1' }, [byUserAndDate])).toBe(true);
    expect(served({ userId: 'u1', title: 'Physics' }, [byUserAndDate])).toBe(true);
    expect(served({ createdAt: { $gte: new Date() } }, [byUserAndDate])).toBe(false);
    expect(served({ title: 'Physics' }, [byUserAndDate])).toBe(false);
  });

  it('equality, null, $eq, $in and ranges bound the keys; $ne, $nin, $exists and $not do not', () => {
    for (const condition of [
      'a@b.c',
      null,
      { $eq: 'a@b.c' },
      { $in: ['a@b.c', 'd@e.f'] },
      { $gt: 'a' },
      { $gte: 'a' },
      { $lt: 'z' },
      { $lte: 'z' },
      { $gte: 'a', $lt: 'b' },
    ]) {
      expect([condition, served({ email: condition }, [byEmail])]).toEqual([condition, true]);
    }
    for (const condition of [
      { $ne: 'a@b.c' },
      { $nin: ['a@b.c'] },
      { $exists: true },
      { $not: { $eq: 'a@b.c' } },
    ]) {
      expect([condition, served({ email: condition }, [byEmail])]).toEqual([condition, false]);
    }
  });

  it('a regular expression bounds the keys only when anchored at the start and case-sensitive', () => {
    expect(served({ email: /^ada@/ }, [byEmail])).toBe(true);
    expect(served({ email: { $regex: '^ada@' } }, [byEmail])).toBe(true);
    expect(served({ email: /ada@/ }, [byEmail])).toBe(false);
    expect(served({ email: /^ada@/i }, [byEmail])).toBe(false);
    expect(served({ email: { $regex: '^ada@', $options: 'i' } }, [byEmail])).toBe(false);
  });

  it('with no index for the filter, an index serves a sort that is a prefix of its keys, either way', () => {
    expect(served({}, [byUserAndDate], { userId: 1 })).toBe(true);
    expect(served({}, [byUserAndDate], { userId: 1, createdAt: -1 })).toBe(true);
    expect(served({}, [byUserAndDate], { userId: -1, createdAt: 1 })).toBe(true);
    expect(served({ title: 'Physics' }, [byUserAndDate], { userId: -1 })).toBe(true);
    expect(served({}, [byUserAndDate], { userId: 1, createdAt: 1 })).toBe(false);
    expect(served({}, [byUserAndDate], { createdAt: -1 })).toBe(false);
    expect(served({}, [byUserAndDate])).toBe(false);
  });

  it('_id always has its index, whatever the collection lists', () => {
    expect(served({ _id: 'u1:key' }, [])).toBe(true);
    expect(served({ _id: { $in: ['a', 'b'] }, asOf: { $lte: new Date() } }, [])).toBe(true);
    expect(served({ _id: { $regex: '^u1:' } }, [])).toBe(true);
    expect(served({}, [], { _id: 1 })).toBe(true);
  });

  it('$or is served only when every branch is, $and when any branch is', () => {
    expect(served({ $or: [{ email: 'a' }, { _id: 'u1' }] }, [byEmail])).toBe(true);
    expect(served({ $or: [{ email: 'a' }, { userId: 'u1' }] }, [byEmail])).toBe(false);
    expect(served({ $and: [{ title: 'x' }, { email: 'a' }] }, [byEmail])).toBe(true);
    expect(served({ $and: [{ title: 'x' }, { userId: 'u1' }] }, [byEmail])).toBe(false);
    expect(served({ title: 'x', $or: [{ email: 'a' }, { _id: 'u1' }] }, [byEmail])).toBe(true);
  });

  it('a sparse index serves no condition that matches null and no sort: it lacks those documents', () => {
    const sparse: IndexSpec = { key: { holder: 1 }, sparse: true };
    expect(served({ holder: 'h1' }, [sparse])).toBe(true);
    expect(served({ holder: { $in: ['h1'] } }, [sparse])).toBe(true);
    expect(served({ holder: null }, [sparse])).toBe(false);
    expect(served({ holder: { $in: ['h1', null] } }, [sparse])).toBe(false);
    expect(served({}, [sparse], { holder: 1 })).toBe(false);
  });

  it('an index led by deletedAt serves nothing, since every outboxed query sets deletedAt: null', () => {
    const byDeletedAt: IndexSpec = { key: { deletedAt: 1 } };
    expect(served({ deletedAt: null }, [byDeletedAt])).toBe(false);
    expect(served({ deletedAt: null, title: 'x' }, [byDeletedAt])).toBe(false);
    expect(served({ deletedAt: { $ne: null } }, [byDeletedAt])).toBe(false);
    expect(served({}, [byDeletedAt], { deletedAt: 1 })).toBe(false);
    expect(served({ deletedAt: null, userId: 'u1' }, [byDeletedAt, byUserAndDate])).toBe(true);
  });

  it('an index that is not a plain ascending or descending one is not taken for one', () => {
    expect(served({ email: 'a' }, [{ key: { email: 'text' } }])).toBe(false);
  });
});

describe('the query shapes no index serves', () => {
  const record = (
    collection: string,
    filter: object,
    command: QueryRecord['command'] = 'find',
  ): QueryRecord => ({ database: 'mcat_auth', collection, command, filter: filterShape(filter) });
  const catalog: IndexCatalog = new Map([['mcat_auth.users', [byEmail]]]);

  it('a query on a field without an index is reported, once per shape, with its count', () => {
    const records = [
      record('users', { email: 'a@b.c' }),
      record('users', { nickname: 'ada' }),
      record('users', { nickname: 'bob' }, 'update'),
      record('users', { _id: 'u1' }),
      record('sessions', { token: 'secret' }),
    ];
    expect(unservedQueries(records, catalog)).toEqual([
      {
        database: 'mcat_auth',
        collection: 'users',
        filter: { nickname: 'string' },
        commands: ['find', 'update'],
        count: 2,
      },
      {
        database: 'mcat_auth',
        collection: 'sessions',
        filter: { token: 'string' },
        commands: ['find'],
        count: 1,
      },
    ]);
  });

  it('the same filter with another sort is another shape', () => {
    const sorted = { ...record('users', { nickname: 'a' }), sort: { createdAt: -1 } };
    expect(unservedQueries([record('users', { nickname: 'a' }), sorted], catalog)).toHaveLength(2);
  });

  it('an exemption leaves out exactly its collection and shape, or its shape in any collection', () => {
    const exemption = { collection: 'users', filter: { nickname: 'string' }, reason: 'rare' };
    const records = [
      record('users', { nickname: 'a' }),
      record('users', { nickname: /^a/ }),
      record('members', { nickname: 'a' }),
    ];
    expect(unservedQueries(records, catalog, [exemption])).toEqual([
      expect.objectContaining({ collection: 'users', filter: { nickname: 'prefix-regex' } }),
      expect.objectContaining({ collection: 'members', filter: { nickname: 'string' } }),
    ]);
    const anywhere = { filter: { nickname: 'string' }, reason: 'once per start' };
    expect(unservedQueries(records, catalog, [anywhere])).toEqual([
      expect.objectContaining({ collection: 'users', filter: { nickname: 'prefix-regex' } }),
    ]);
  });

  it('each reported shape reads as one line: where, how, what and how often', () => {
    const report = describeUnserved(
      unservedQueries(
        [{ ...record('users', { nickname: 'a' }), sort: { createdAt: -1 } }],
        catalog,
      ),
    );
    expect(report).toBe('mcat_auth.users find {"nickname":"string"} sort {"createdAt":-1}: 1 time');
  });
});
