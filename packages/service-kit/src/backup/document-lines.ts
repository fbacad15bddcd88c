/**
 * Documents as lines of canonical Extended JSON (MongoDB's own text form of BSON): every BSON type
 * keeps its type through a file, where plain JSON would turn an ObjectId into a string, an Int64
 * into a double, a Date into text. One document a line, so a collection is streamed both ways.
 */
import { BSON, type Document, type FindOptions } from 'mongodb';

/**
 * How documents are read for a dump: numbers stay Int32, Int64 or Double (the driver's default
 * turns them all into JavaScript numbers, which would come back as another type), binaries stay
 * Binary and regular expressions keep flags JavaScript does not know.
 */
export const EXACT_READ: FindOptions = {
  promoteValues: false,
  promoteLongs: false,
  promoteBuffers: false,
  bsonRegExp: true,
};

export const documentLine = (document: Document): string =>
  BSON.EJSON.stringify(document, { relaxed: false });

/** Throws on a line that is not Extended JSON of one document. */
export function lineDocument(line: string): Document {
  const value: unknown = BSON.EJSON.parse(line, { relaxed: false });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('not a document');
  }
  return value as Document;
}

/** A value (an index description) as plain JSON that keeps its BSON types, and back. */
export const toCanonical = (value: Document): Record<string, unknown> =>
  BSON.EJSON.serialize(value, { relaxed: false }) as Record<string, unknown>;

export const fromCanonical = (value: Record<string, unknown>): Document =>
  BSON.EJSON.deserialize(value, { relaxed: false }) as Document;
