/**
 * Whether the seeded documents still have the shape the services write. A reference student made
 * through the API (premium by the coupon, a planned date, a test, a question and its review, the
 * score projection read once) has a document in every seeded collection; each is compared with a
 * seeded student's, field by field (names and value types, nested documents included), so a field
 * a service adds or changes shows here rather than as figures taken on stale documents.
 */
import { MongoClient, ObjectId } from 'mongodb';
import { premiumBenchStudent } from '../bench-account';
import { newTest, questionBody } from '../student-data';
import { seededStudent, type StoredDocument } from './documents';
import { OWNER_FIELDS, ownedBy } from './seed';

/** A projection needs this many tests (the tests service answers 422 with fewer). */
const PROJECTION_TESTS = 3;

/** Registers the reference student and answers its user id. */
export async function createReferenceStudent(gatewayUrl: string): Promise<string> {
  const { call } = await premiumBenchStudent(gatewayUrl, { plannedTestingDate: '2031-04-18' });
  const testId = await newTest(call, 0);
  for (let day = 1; day < PROJECTION_TESTS; day += 1) await newTest(call, day);
  const question = await call<{ _id: string }>('POST', '/api/questions', questionBody(testId, 0));
  await call('POST', `/api/questions/${question._id}/review`, { outcome: 'good' });
  await call('GET', '/api/tests/projection');
  return (await call<{ _id: string }>('GET', '/api/auth/me'))._id;
}

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (value instanceof Date) return 'date';
  if (value instanceof ObjectId) return 'ObjectId';
  if (Array.isArray(value)) return 'array';
  return typeof value;
};

/** Each field's path (nested documents' fields too) and the type of its value. */
function shapeOf(document: StoredDocument, prefix = ''): Map<string, string> {
  const shape = new Map<string, string>();
  for (const [field, value] of Object.entries(document)) {
    const type = typeOf(value);
    if (type === 'object') {
      for (const entry of shapeOf(value as StoredDocument, `${prefix}${field}.`))
        shape.set(...entry);
    } else {
      shape.set(`${prefix}${field}`, type);
    }
  }
  return shape;
}

/** "field: seeded date, stored string" for every field whose name or type differs. */
function differences(seeded: StoredDocument, stored: StoredDocument): string[] {
  const ours = shapeOf(seeded);
  const theirs = shapeOf(stored);
  return [...new Set([...ours.keys(), ...theirs.keys()])]
    .filter((field) => ours.get(field) !== theirs.get(field))
    .map(
      (field) =>
        `${field}: seeded ${ours.get(field) ?? 'absent'}, stored ${theirs.get(field) ?? 'absent'}`,
    );
}

/**
 * Per seeded collection (`database.collection`), how its seeded documents differ from the
 * reference student's; an empty list: none differ. A collection with no reference document says so.
 */
export async function compareShapes(
  mongoUrl: string,
  referenceUserId: string,
): Promise<Record<string, string[]>> {
  const seeded = seededStudent(new Date()).documents;
  const mongo = new MongoClient(mongoUrl);
  await mongo.connect();
  try {
    const found: Record<string, string[]> = {};
    for (const [database, collections] of Object.entries(OWNER_FIELDS)) {
      for (const [collection, field] of Object.entries(collections)) {
        const stored = await mongo
          .db(database)
          .collection(collection)
          .findOne(ownedBy(field, [referenceUserId]));
        const ours = seeded[database as keyof typeof seeded][collection]?.[0];
        const name = `${database}.${collection}`;
        if (!stored || !ours) found[name] = ['no document to compare with'];
        else found[name] = differences(ours, stored);
      }
    }
    return found;
  } finally {
    await mongo.close();
  }
}
