/**
 * The FerretDB build's pushed-down filters (docs/adr/0026-indexed-queries-on-ferretdb.md) never
 * change an answer: the same documents and the same filters, sent to the product's build and to
 * the build before the patch (which pushes down a lone `_id` only and filters everything else in
 * Go), give the same documents, counts, updates and deletions, on the cases MongoDB's equality is
 * subtle about: fields holding arrays, mixed types, missing fields and null, escaped strings.
 */
import fc from 'fast-check';
import { BSON, MongoClient, type Filter } from 'mongodb';
import { privateMongo, type PrivateServer } from '@mcat/test-support/private-infra';

const { Double, Int32, Long, ObjectId } = BSON;

const oid = new ObjectId('6a0b1c2d3e4f506172839405');
const otherOid = new ObjectId('6a0b1c2d3e4f506172839406');
const when = new Date('2026-11-27T12:00:00.000Z');

/** Strings (escapes among them), ObjectIds and their hex text, booleans and null: stored and asked for. */
const SCALARS: unknown[] = [
  'a',
  'b',
  '',
  '<a&b>',
  'quote " and \\ backslash',
  'é and 😀',
  'line\u2028separator',
  oid.toHexString(),
  oid,
  otherOid,
  true,
  false,
  null,
];

/** Values a field may hold: the ones an equality on a string, ObjectId or boolean is subtle about. */
const FIELD_VALUES: unknown[] = [
  ...SCALARS,
  new Int32(1),
  new Long(1),
  new Double(1),
  'true',
  '1',
  when,
  { a: 'a' },
  [],
  ['a', 'x'],
  ['x', 'b', 'a'],
  [['a']],
  [{ a: 'a' }],
  ['a', 1, null],
  [oid, 'b'],
  [true],
  [false, 'a'],
];

/** Values a filter asks for, pushed down or not. */
const PROBES: unknown[] = [
  ...SCALARS,
  1,
  'true',
  '1',
  when,
  { a: 'a' },
  ['a', 'x'],
  'missing value',
];

/** Any document: `_id` of any type, as the cases need. */
interface Doc {
  _id: unknown;
  [field: string]: unknown;
}

const ID_VALUES: unknown[] = ['u1', 'u2', oid, otherOid, 7, oid.toHexString(), 'line\u2028'];

/** Every value of `f` with every id, so each combination is stored once; `g` varies too. */
function documents(): Doc[] {
  const docs: Doc[] = FIELD_VALUES.map((f, i) => ({
    _id: `f${i}`,
    f,
    g: i % 3 === 0 ? 'a' : ['b', 'a'][i % 2],
  }));
  docs.push({ _id: 'no-f', g: 'a' });
  ID_VALUES.forEach((id, i) => docs.push({ _id: id, f: i % 2 === 0 ? 'a' : ['a', 'b'] }));
  return docs;
}

/** The filter shapes the patch pushes down, and neighbours it must leave alone. */
function filtersFor(value: unknown): RawFilter[] {
  return [
    { f: value },
    { f: { $eq: value } },
    { f: { $in: [value, 'b'] } },
    { f: { $in: [value] }, g: 'a' },
    { f: value, g: { $in: ['a', 'b'] } },
    { f: { $eq: value, $ne: 'b' } },
    { f: { $in: [value, 'x'], $exists: true } },
    { $or: [{ f: value }, { g: 'b' }] },
    { 'f.a': value },
    { _id: value },
    { _id: { $in: [value, 'u1'] } },
    { _id: value, f: 'a' },
  ];
}

/** A filter as the cases write it, with values of any type; the driver's types want one per field. */
type RawFilter = Record<string, unknown>;
const asFilter = (filter: RawFilter) => filter as Filter<Doc>;

interface Refused {
  refused: string;
}

const refused = (error: unknown): Refused => ({
  refused: error instanceof Error ? error.message : String(error),
});

/** The documents of an answer that must not be a refusal. */
const documentsOf = (answer: string[] | Refused): string[] => {
  if (!Array.isArray(answer)) throw new Error(`refused: ${answer.refused}`);
  return answer;
};

const canonical = (docs: Doc[]): string[] =>
  docs.map((doc) => BSON.EJSON.stringify(doc, { relaxed: false })).sort();

// Hundreds of queries on two servers per test: seconds alone, more on two cores busy with builds.
jest.setTimeout(60_000);

describe('the FerretDB build with indexed queries', () => {
  let patched: PrivateServer;
  let reference: PrivateServer;
  let patchedClient: MongoClient;
  let referenceClient: MongoClient;

  /** The same work on both servers; a refused command is an answer too (its error's text). */
  const bothWays = async <T>(
    work: (client: MongoClient) => Promise<T>,
  ): Promise<{ patched: T | Refused; reference: T | Refused }> => ({
    patched: await work(patchedClient).catch(refused),
    reference: await work(referenceClient).catch(refused),
  });

  const seed = (collection: string) =>
    bothWays(async (client) => {
      const docs = client.db('pushdown').collection<Doc>(collection);
      await docs.drop().catch(() => undefined);
      await docs.createIndex({ f: 1 });
      await docs.createIndex({ g: 1, f: -1 });
      await docs.insertMany(documents());
    });

  const findBoth = (filter: RawFilter) =>
    bothWays(async (client) =>
      canonical(
        await client.db('pushdown').collection<Doc>('docs').find(asFilter(filter)).toArray(),
      ),
    );

  beforeAll(async () => {
    [patched, reference] = await Promise.all([privateMongo(), privateMongo('ferretdb-unindexed')]);
    patchedClient = await MongoClient.connect(patched.url);
    referenceClient = await MongoClient.connect(reference.url);
    await seed('docs');
  }, 600_000);

  afterAll(async () => {
    await patchedClient?.close();
    await referenceClient?.close();
    await patched?.dispose();
    await reference?.dispose();
  });

  it('finds and counts the same documents for every filter on arrays, types, null and missing fields', async () => {
    let matched = 0;
    for (const probe of PROBES) {
      for (const filter of filtersFor(probe)) {
        const answers = await findBoth(filter);
        expect({ filter, found: answers.patched }).toEqual({ filter, found: answers.reference });
        const counts = await bothWays((client) =>
          client.db('pushdown').collection<Doc>('docs').countDocuments(asFilter(filter)),
        );
        expect({ filter, count: counts.patched }).toEqual({ filter, count: counts.reference });
        if (Array.isArray(answers.patched)) matched += answers.patched.length;
      }
    }
    // The comparison means something only if the filters match documents, arrays among them.
    expect(matched).toBeGreaterThan(200);
    expect(documentsOf((await findBoth({ f: 'a' })).patched)).toEqual(
      expect.arrayContaining([expect.stringContaining('"f":["x","b","a"]')]),
    );
  });

  it('answers random filters over random documents as the build before the patch', async () => {
    const value = fc.constantFrom(...FIELD_VALUES);
    const probe = fc.constantFrom(...PROBES);
    const condition = fc.oneof(
      probe,
      probe.map((v) => ({ $eq: v })),
      fc.array(probe, { minLength: 1, maxLength: 3 }).map((vs) => ({ $in: vs })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ f: value, g: value }, { requiredKeys: [] }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.record({ f: condition, g: condition }, { requiredKeys: [] }),
        async (docs, filter) => {
          const answers = await bothWays(async (client) => {
            const collection = client.db('pushdown').collection<Doc>('random');
            await collection.deleteMany({});
            await collection.createIndex({ f: 1 });
            await collection.insertMany(docs.map((doc, i) => ({ _id: i, ...doc })));
            return canonical(await collection.find(asFilter(filter)).toArray());
          });
          expect(answers.patched).toEqual(answers.reference);
        },
      ),
      { numRuns: 150 },
    );
  }, 300_000);

  it('updates and deletes the same documents', async () => {
    const filters: RawFilter[] = [
      { f: 'a' },
      { f: { $in: [oid, true] } },
      { _id: 'f1' },
      { _id: { $in: [oid, 7] } },
      { f: 'b', g: 'a' },
    ];
    for (const [i, filter] of filters.entries()) {
      const updated = await bothWays(async (client) => {
        const docs = client.db('pushdown').collection<Doc>('docs');
        const { modifiedCount } = await docs.updateMany(asFilter(filter), { $set: { marked: i } });
        return modifiedCount;
      });
      expect({ filter, updated: updated.patched }).toEqual({ filter, updated: updated.reference });
    }
    const deleted = await bothWays(async (client) => {
      const docs = client.db('pushdown').collection<Doc>('docs');
      const one = await docs.deleteOne(asFilter({ _id: 'f2' }));
      const many = await docs.deleteMany({ f: { $in: ['a', false] } });
      return [one.deletedCount, many.deletedCount];
    });
    expect(deleted.patched).toEqual(deleted.reference);
    const left = await findBoth({});
    expect(left.patched).toEqual(left.reference);
    expect(documentsOf(left.patched).length).toBeGreaterThan(10);
  });

  it('reads an equality on an indexed field, and an _id, through the index', async () => {
    const plan = async (filter: RawFilter) => {
      const explained = (await patchedClient.db('pushdown').command({
        explain: { find: 'docs', filter },
      })) as { filterPushdown?: boolean; queryPlanner?: { Plan?: string[] } };
      return {
        pushdown: explained.filterPushdown,
        plan: (explained.queryPlanner?.Plan ?? []).join('\n'),
      };
    };
    for (const filter of [
      { f: 'a' },
      { _id: 'u1' },
      { g: { $in: ['a', 'b'] } },
      { f: oid, g: 'a' },
    ]) {
      const { pushdown, plan: steps } = await plan(filter);
      expect({ filter, pushdown }).toEqual({ filter, pushdown: true });
      expect(steps).toMatch(/SEARCH \S+ USING INDEX/);
      expect(steps).not.toMatch(/SCAN/);
    }
    const unpushed = await plan({ f: 1 });
    expect(unpushed.pushdown).toBe(false);
    expect(unpushed.plan).toMatch(/SCAN/);
  });
});
