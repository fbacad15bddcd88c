/**
 * The chart's `helm test` hook (helm/templates/release-check.yaml), in a pod:
 *   node /app/packages/service-kit/dist/release-check/release-check.cli.js
 * GATEWAY_URL names the gateway (its Service inside the cluster). Prints each step and its time;
 * exits 1 with the failing step's answer.
 */
import { checkRelease } from './release-check';

const gateway = process.env.GATEWAY_URL;
if (!gateway) {
  process.stderr.write('GATEWAY_URL must be set (http://<release>-gateway:<port>)\n');
  process.exit(2);
}

checkRelease(gateway, (step) => process.stdout.write(`ok  ${step.name} (${step.ms} ms)\n`)).then(
  () => {
    process.stdout.write(`The release at ${gateway} signs up, logs a test and reads it back.\n`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`FAILED ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
