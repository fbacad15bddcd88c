/**
 * `npm run grant-role -- <email> <role>`: gives an existing account a role (e.g. `billing` for
 * staff who see payments). It writes to the auth database directly (MONGO_URL, else the `start`
 * profile's local FerretDB, database mcat_auth), adds the role and nothing else (no session is
 * ended; the role appears in the user's tokens at their next login), and records
 * `auth.user.updated` in the same write, which the running auth service's outbox relay publishes.
 */
import mongoose from 'mongoose';
import { ROLES, type Role } from '@mcat/contracts';
import { grantRole } from '../services/auth/src/users/user-changes';
import { User, UserSchema } from '../services/auth/src/users/user.schema';
import { START_PROFILE } from './lib/ports';
import { withDatabase } from './lib/processes';

const USAGE = `Usage: npm run grant-role -- <email> <role>   (roles: ${ROLES.join(', ')})`;

/** The auth database: MONGO_URL as given (its database, or mcat_auth when it names none). */
export function authMongoUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.MONGO_URL ?? `mongodb://127.0.0.1:${START_PROFILE.mongo}`;
  const named = /^mongodb(?:\+srv)?:\/\/[^/?]*\/[^?]+/.test(url);
  return named ? url : withDatabase(url, 'mcat_auth');
}

export async function main(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [email, role] = args;
  if (!email || !role || args.length !== 2) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (!(ROLES as readonly string[]).includes(role)) {
    process.stderr.write(`Unknown role "${role}". ${USAGE}\n`);
    return 2;
  }
  const connection = await mongoose
    .createConnection(authMongoUrl(env), { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    const users = connection.model(User.name, UserSchema);
    const user = await grantRole(users, email, role as Role);
    if (!user) {
      process.stderr.write(`No account with the e-mail ${email.trim().toLowerCase()}.\n`);
      return 1;
    }
    process.stdout.write(`${user.email} now has the roles: ${user.roles.join(', ')}\n`);
    return 0;
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `grant-role failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
