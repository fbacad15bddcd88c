import type { Model, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from './duplicate-key';

/** A copy of another service's fact about a user: keyed by the user, stamped with when it held. */
interface FactDocument {
  _id: string;
  asOf: Date;
}

/**
 * Records a fact about `_id` that held at `asOf` (a plan, a planned date: copies fed by events and
 * read-throughs) unless the document already holds a newer one, since events may arrive out of
 * order; creates the document when there is none.
 */
export async function recordLatestFact<T extends FactDocument>(
  model: Model<T>,
  id: string,
  fields: Omit<T, '_id' | 'asOf'>,
  asOf: Date,
): Promise<void> {
  try {
    await model.updateOne(
      { _id: id, asOf: { $lte: asOf } },
      {
        $set: { ...fields, asOf },
      } as UpdateQuery<T>,
      { upsert: true },
    );
  } catch (error) {
    // The document exists with a newer fact, so the filter missed and the upsert collided.
    if (!isDuplicateKeyError(error)) throw error;
  }
}
