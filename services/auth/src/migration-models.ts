import { ResetToken, ResetTokenSchema } from './password-reset/reset-token.schema';
import {
  RetiredSessionVersion,
  RetiredSessionVersionSchema,
} from './sessions/retired-session-version.schema';
import { User, UserSchema } from './users/user.schema';

/** Every model of the auth service, whose indexes `src/migrate.ts` creates. */
export const MIGRATION_MODELS = [
  { name: User.name, schema: UserSchema },
  { name: ResetToken.name, schema: ResetTokenSchema },
  { name: RetiredSessionVersion.name, schema: RetiredSessionVersionSchema },
];
