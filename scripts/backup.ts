/**
 * `npm run backup [-- FILE]`: an archive of the single-machine stack's data
 * (@mcat/backup/backup-command, which says how).
 */
import { main } from '@mcat/backup/backup-command';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
