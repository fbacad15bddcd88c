/**
 * The grant-role command (docs/operations.md, "Granting the billing role in a cluster"): gives an
 * existing account a role (e.g. `billing` for staff who see payments). It writes to the auth
 * database directly, adds the role and nothing else (no session is ended; the role appears in the
 * user's tokens at their next login), and records `auth.user.updated` in the same write, which the
 * running auth service's outbox relay publishes. `npm run grant-role -- ...` on one machine, the
 * compiled cli/grant-role.js in a pod.
 */
import mongoose from 'mongoose';
import { ROLES, type Role } from '@mcat/contracts';
import { grantRole } from '../users/user-changes';
import { User, UserSchema } from '../users/user.schema';

export const GRANT_ROLE_USAGE = `Usage: npm run grant-role -- <email> <role>   (roles: ${ROLES.join(', ')})`;

/** Where the command writes: its answer, and what went wrong. */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Runs the command against the auth database at `mongoUrl`; answers the exit code. */
export async function grantRoleCommand(
  args: string[],
  mongoUrl: string,
  output: CommandOutput,
): Promise<number> {
  const [email, role] = args;
  if (!email || !role || args.length !== 2) {
    output.err(GRANT_ROLE_USAGE);
    return 2;
  }
  if (!isRole(role)) {
    output.err(`Unknown role "${role}". ${GRANT_ROLE_USAGE}`);
    return 2;
  }
  const connection = await mongoose
    .createConnection(mongoUrl, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    const users = connection.model(User.name, UserSchema);
    const user = await grantRole(users, email, role);
    if (!user) {
      output.err(`No account with the e-mail ${email.trim().toLowerCase()}.`);
      return 1;
    }
    output.out(`${user.email} now has the roles: ${user.roles.join(', ')}`);
    return 0;
  } finally {
    await connection.close();
  }
}
