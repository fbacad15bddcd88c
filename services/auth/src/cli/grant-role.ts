/**
 * The grant-role command's entry: `node dist/cli/grant-role.js <email> <role>` in a pod (MONGO_URL
 * is the auth service's own), `npm run grant-role -- <email> <role>` on one machine, which runs this
 * file with the single-machine database's URL.
 */
import { grantRoleCommand } from './grant-role-command';

const fail = (message: string): void => {
  process.stderr.write(`grant-role failed: ${message}\n`);
  process.exit(1);
};

const mongoUrl = process.env.MONGO_URL;
if (!mongoUrl) {
  fail('MONGO_URL is not set (the auth database).');
} else {
  grantRoleCommand(process.argv.slice(2), mongoUrl, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
  );
}
