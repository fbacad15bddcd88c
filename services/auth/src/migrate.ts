import { runMigration } from '@mcat/service-kit';
import { ResetToken, ResetTokenSchema } from './password-reset/reset-token.schema';
import { User, UserSchema } from './users/user.schema';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the auth service's MongoDB indexes
 * and the JetStream streams. Needs MONGO_URL and NATS_URL only; idempotent.
 */
runMigration('auth', [
  { name: User.name, schema: UserSchema },
  { name: ResetToken.name, schema: ResetTokenSchema },
]);
