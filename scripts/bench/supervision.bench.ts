/**
 * `npm run bench` part for the supervision of `npm start` (issue 16): how long each service took
 * to serve again after a SIGKILL, as the last `npm test` measured it
 * (gateway/test/system/supervision.spec.ts), and how many requests to the other services failed
 * meanwhile (target: within 15 s, zero failures). Reports and never fails.
 */
import { TEST_PROFILE } from '@mcat/runner/ports';
import { readRecoveryFigures } from '@mcat/runner/supervision/recovery-figures';

const TARGET_RECOVERY_S = 15;

const print = (line = '') => process.stdout.write(`${line}\n`);

const figures = readRecoveryFigures(TEST_PROFILE);
if (!figures) {
  print(
    'Supervision: no figures yet (npm test records them in .test-data/reports/supervision.json).',
  );
} else {
  print(`Supervision (kill -9, then serving again; the last system test, ${figures.recordedAt}):`);
  for (const { process, recoverySeconds, otherPolls, otherFailures } of figures.recoveries) {
    const met = recoverySeconds <= TARGET_RECOVERY_S ? 'met' : 'missed';
    print(
      `  ${process.padEnd(10)} ${recoverySeconds.toFixed(2)} s (target <= ${TARGET_RECOVERY_S} s: ${met}), ` +
        `${otherFailures} of ${otherPolls} requests to the other services failed (target 0)`,
    );
  }
}
