/**
 * Making a billing staff member the way an operator does: `npm run grant-role -- <email> billing`
 * (scripts/grant-role.ts) against the stack's auth database; the role is in the tokens issued after.
 */
import { runCommand, type CommandResult } from './commands';
import { withDatabase } from '@mcat/test-support/stack';
import { systemEnv } from '@mcat/test-support/system/system-env';

export function grantRole(email: string, role: string): Promise<CommandResult> {
  return runCommand(['node', '--import', 'tsx', 'scripts/grant-role.ts', email, role], {
    ...process.env,
    MONGO_URL: withDatabase(systemEnv.mongoUrl, 'mcat_auth'),
  });
}
