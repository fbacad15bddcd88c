import { EVENT_SUBJECTS } from '@mcat/contracts';
import { outboxEvent } from '@mcat/service-kit';
import type { Types } from 'mongoose';
import type { User } from './user.schema';
import { toUserSnapshot } from './user.view';

/** What auth publishes (the consumers are in users.consumer.ts). */
type EventUser = Pick<User, 'name' | 'email' | 'isPremium' | 'roles' | 'plannedTestingDate'> & {
  _id: Types.ObjectId;
};

/** `auth.user.registered`, written in the same document write as the new user. */
export const userRegistered = (user: EventUser) =>
  outboxEvent(EVENT_SUBJECTS.userRegistered, toUserSnapshot(user));

/**
 * `auth.user.updated` (carries isPremium, roles and the planned testing date), written with the
 * change it describes.
 */
export const userUpdated = (user: EventUser) =>
  outboxEvent(EVENT_SUBJECTS.userUpdated, toUserSnapshot(user));
