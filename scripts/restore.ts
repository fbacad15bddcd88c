/**
 * `npm run restore -- FILE`: brings an archive of `npm run backup` back into the stopped
 * single-machine stack (@mcat/backup/restore-command, which says how).
 */
import { main } from '@mcat/backup/restore-command';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
