import { EVENT_SUBJECTS } from '@mcat/contracts';
import { outboxEvent } from '@mcat/service-kit';

/** `auth.user.deleted`, written in the same document write that deletes the user. */
export const userDeleted = (userId: string) => outboxEvent(EVENT_SUBJECTS.userDeleted, { userId });
