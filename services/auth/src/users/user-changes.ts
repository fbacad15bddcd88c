import type { Role } from '@mcat/contracts';
import type { HydratedDocument, Model, UpdateQuery } from 'mongoose';
import type { User } from './user.schema';
import { userUpdated } from './users.events';

/**
 * The fields `auth.user.updated` describes, as a change sets them, and the reminder setting a
 * profile change may carry with them (no event describes it).
 */
export type UserChange = Partial<
  Pick<
    User,
    | 'name'
    | 'email'
    | 'plannedTestingDate'
    | 'targetScore'
    | 'isPremium'
    | 'roles'
    | 'reviewReminders'
    | 'reviewReminderAt'
  >
>;

/**
 * Changes a user with `auth.user.updated` in the same single-document write. The write applies
 * only to the revision the event was computed from; after a concurrent change it reads again, so
 * the last event out always describes the stored user. `compute` returning null means nothing to
 * change (idempotent callers). Resolves the stored user, or null for an unknown one.
 */
export async function changeUser(
  users: Model<User>,
  userId: string,
  compute: (current: User) => UserChange | null,
): Promise<HydratedDocument<User> | null> {
  for (;;) {
    const current = await users.findById(userId);
    if (!current) return null;
    const set = compute(current);
    if (!set) return current;
    const update: UpdateQuery<User> = {
      $set: set,
      $inc: { revision: 1 },
      $push: { outbox: userUpdated({ ...current.toObject(), ...set }) },
    };
    // updateOne, not findOneAndUpdate: FerretDB's findAndModify takes no projection, and the
    // outbox field is unselected by default.
    const { modifiedCount } = await users.updateOne(
      { _id: current._id, revision: current.revision },
      update,
    );
    if (modifiedCount === 1) return users.findById(current._id);
  }
}

/** Adds a role to the account of an e-mail (the grant-role command); idempotent. */
export async function grantRole(
  users: Model<User>,
  email: string,
  role: Role,
): Promise<HydratedDocument<User> | null> {
  const found = await users.findOne({ email: email.trim().toLowerCase() }, { _id: 1 }).lean();
  if (!found) return null;
  return changeUser(users, found._id.toHexString(), (current) =>
    current.roles.includes(role) ? null : { roles: [...current.roles, role] },
  );
}
