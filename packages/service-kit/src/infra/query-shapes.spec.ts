import { mongo, Types } from 'mongoose';
import { filterShape, queryRecords, sortShape } from './query-shapes';

describe('the shape of a filter', () => {
  it('keeps field names and replaces every value by its kind, so no one’s data is logged', () => {
    const filter = {
      email: 'ada@example.com',
      _id: new Types.ObjectId(),
      n: 3,
      big: mongo.Long.fromNumber(7),
      paid: true,
      deletedAt: null,
      dateTaken: new Date('2026-11-27'),
      address: { city: 'Lyon' },
      tags: ['a', 'b'],
    };
    const shape = filterShape(filter);
    expect(shape).toEqual({
      _id: 'objectId',
      address: 'object',
      big: 'number',
      dateTaken: 'date',
      deletedAt: 'null',
      email: 'string',
      n: 'number',
      paid: 'boolean',
      tags: 'array',
    });
    const logged = JSON.stringify(shape);
    for (const value of ['ada@example.com', 'Lyon', '2026', String(filter._id)]) {
      expect(logged).not.toContain(value);
    }
  });

  it('keeps each condition’s operators, and the kinds in a list', () => {
    expect(
      filterShape({
        score: { $gte: 500, $lt: 528 },
        userId: { $in: ['u1', null] },
        status: { $nin: ['a'] },
        outbox: { $exists: false },
        title: { $not: { $eq: 'x' } },
        answers: { $elemMatch: { correct: true } },
      }),
    ).toEqual({
      answers: { $elemMatch: { correct: 'boolean' } },
      outbox: { $exists: 'boolean' },
      score: { $gte: 'number', $lt: 'number' },
      status: { $nin: ['string'] },
      title: { $not: { $eq: 'string' } },
      userId: { $in: ['null', 'string'] },
    });
  });

  it('tells a regular expression anchored at the start, case-sensitive, from any other', () => {
    expect(
      filterShape({
        a: /^u1:/,
        b: { $regex: '^u1:' },
        c: /u1/,
        d: /^u1/i,
        e: { $regex: '^u1', $options: 'i' },
        f: new mongo.BSONRegExp('^u1:', ''),
        g: { $regex: /^u1:/m },
      }),
    ).toEqual({
      a: 'prefix-regex',
      b: { $regex: 'prefix-regex' },
      c: 'regex',
      d: 'regex',
      e: { $options: 'string', $regex: 'regex' },
      f: 'prefix-regex',
      g: { $regex: 'regex' },
    });
  });

  it('follows $and, $or and $nor, and hides an expression’s literals', () => {
    expect(
      filterShape({
        $or: [{ userId: 'u1' }, { _id: { $regex: '^u1:' } }],
        $and: [{ n: 1 }],
        $expr: { $eq: ['$email', 'ada@example.com'] },
      }),
    ).toEqual({
      $and: [{ n: 'number' }],
      $expr: 'expression',
      $or: [{ userId: 'string' }, { _id: { $regex: 'prefix-regex' } }],
    });
  });

  it('lists a filter’s fields in one order, whatever order they were written in', () => {
    const a = JSON.stringify(filterShape({ userId: 'u1', deletedAt: null }));
    const b = JSON.stringify(filterShape({ deletedAt: null, userId: 'u2' }));
    expect(a).toBe(b);
  });

  it('keeps a sort’s fields in order with their directions, as a document or as the driver’s Map', () => {
    const expected = '{"dateTaken":-1,"_id":1}';
    expect(JSON.stringify(sortShape({ dateTaken: -1, _id: 1 }))).toBe(expected);
    const map = new Map<string, number>([
      ['dateTaken', -1],
      ['_id', 1],
    ]);
    expect(JSON.stringify(sortShape(map))).toBe(expected);
    expect(sortShape({})).toBeUndefined();
    expect(sortShape(new Map())).toBeUndefined();
  });
});

describe('the records of a command', () => {
  const db = 'mcat_tests';

  it('a find: its filter and sort', () => {
    expect(
      queryRecords('find', db, {
        find: 'tests',
        filter: { userId: 'u1' },
        sort: { dateTaken: -1 },
      }),
    ).toEqual([
      {
        database: db,
        collection: 'tests',
        command: 'find',
        filter: { userId: 'string' },
        sort: { dateTaken: -1 },
      },
    ]);
  });

  it('an aggregation: its leading $match stages joined as MongoDB joins them, and the $sort after', () => {
    const pipeline = [
      { $match: { deletedAt: null } },
      { $match: { userId: 'u1' } },
      { $sort: { dateTaken: -1 } },
      { $group: { _id: '$section' } },
      { $match: { n: 1 } },
    ];
    expect(queryRecords('aggregate', db, { aggregate: 'tests', pipeline })).toEqual([
      {
        database: db,
        collection: 'tests',
        command: 'aggregate',
        filter: { $and: [{ deletedAt: 'null' }, { userId: 'string' }] },
        sort: { dateTaken: -1 },
      },
    ]);
    const unfiltered = [{ $group: { _id: null } }, { $sort: { n: 1 } }];
    expect(queryRecords('aggregate', db, { aggregate: 'tests', pipeline: unfiltered })).toEqual([
      { database: db, collection: 'tests', command: 'aggregate', filter: {} },
    ]);
  });

  it('count, distinct and findAndModify: their query', () => {
    const query = { userId: 'u1' };
    const filter = { userId: 'string' };
    expect(queryRecords('count', db, { count: 'tests', query })[0]?.filter).toEqual(filter);
    expect(queryRecords('distinct', db, { distinct: 'tests', key: 'n', query })[0]?.filter).toEqual(
      filter,
    );
    expect(
      queryRecords('findAndModify', db, { findAndModify: 'tests', query, sort: { n: 1 } }),
    ).toEqual([
      { database: db, collection: 'tests', command: 'findAndModify', filter, sort: { n: 1 } },
    ]);
  });

  it('an update or a delete: one record per statement', () => {
    const updates = [
      { q: { _id: 'a' }, u: { $set: { n: 1 } } },
      { q: { userId: 'u1' }, u: { $set: { n: 2 } }, sort: { n: 1 } },
    ];
    expect(queryRecords('update', db, { update: 'tests', updates })).toEqual([
      { database: db, collection: 'tests', command: 'update', filter: { _id: 'string' } },
      {
        database: db,
        collection: 'tests',
        command: 'update',
        filter: { userId: 'string' },
        sort: { n: 1 },
      },
    ]);
    const deletes = [{ q: { userId: 'u1' }, limit: 0 }];
    expect(queryRecords('delete', db, { delete: 'tests', deletes })).toEqual([
      { database: db, collection: 'tests', command: 'delete', filter: { userId: 'string' } },
    ]);
  });

  it('none for a command that reads no filter or no document, or an aggregation on no collection', () => {
    expect(queryRecords('insert', db, { insert: 'tests', documents: [{ n: 1 }] })).toEqual([]);
    expect(queryRecords('getMore', db, { getMore: 1, collection: 'tests' })).toEqual([]);
    expect(queryRecords('aggregate', 'admin', { aggregate: 1, pipeline: [] })).toEqual([]);
    // estimatedDocumentCount: the collection's metadata.
    expect(queryRecords('count', db, { count: 'tests' })).toEqual([]);
  });
});
