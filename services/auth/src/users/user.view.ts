import type { User as UserView, UserSnapshot } from '@mcat/contracts';
import type { Types } from 'mongoose';
import { reviewRemindersOf } from '../review-reminders/review-reminder-setting.schema';
import type { User } from './user.schema';

type StoredUser = Pick<
  User,
  'name' | 'email' | 'plannedTestingDate' | 'targetScore' | 'isPremium' | 'roles'
> &
  Partial<Pick<User, 'reviewReminders'>> & {
    _id: Types.ObjectId;
  };

/** The user as every auth answer shows it: these eight fields and nothing else. */
export function toUserView(user: StoredUser): UserView {
  return {
    _id: user._id.toHexString(),
    name: user.name,
    email: user.email,
    plannedTestingDate: user.plannedTestingDate ?? null,
    targetScore: user.targetScore ?? null,
    isPremium: user.isPremium,
    roles: [...user.roles],
    reviewReminders: reviewRemindersOf(user.reviewReminders),
  };
}

/** The user as events carry it. */
export function toUserSnapshot(
  user: Pick<User, 'name' | 'email' | 'isPremium' | 'roles' | 'plannedTestingDate'> & {
    _id: Types.ObjectId;
  },
): UserSnapshot {
  return {
    userId: user._id.toHexString(),
    name: user.name,
    email: user.email,
    isPremium: user.isPremium,
    roles: [...user.roles],
    plannedTestingDate: user.plannedTestingDate ?? null,
  };
}
