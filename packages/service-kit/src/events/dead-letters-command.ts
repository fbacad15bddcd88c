/**
 * The dead-letter command (docs/operations.md, "A stuck consumer or dead-lettered events"): lists
 * the events consumers gave up on, shows one whole, or replays them once their cause is fixed.
 * `npm run dead-letters -- ...` on one machine, the compiled replay-dead-letter.cli.js in a pod.
 */
import { connect } from 'nats';
import type { NatsServer } from '../infra/nats-credentials';
import {
  getDeadLetter,
  listDeadLetters,
  replayDeadLetter,
  type DeadLetter,
} from './replay-dead-letter';

export const DEAD_LETTERS_USAGE =
  'Usage: dead-letters list | show <sequence> | replay <sequence>...';

/** Where the command writes: its answer, and what went wrong. */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

const summary = (letter: DeadLetter): string =>
  `#${letter.sequence}  ${letter.failedAt}  ${letter.consumer}  ${letter.subject}  ` +
  `after ${letter.deliveries} deliveries: ${letter.error}`;

/** The letter with its event parsed, when the body is JSON (it is, for the product's events). */
function whole(letter: DeadLetter): string {
  let event: unknown = letter.body;
  try {
    event = JSON.parse(letter.body);
  } catch {
    // Not JSON: shown as the text it is.
  }
  const { body: _body, ...rest } = letter;
  return JSON.stringify({ ...rest, event }, null, 2);
}

const sequences = (args: string[]): number[] | null => {
  const numbers = args.map((arg) => (/^\d+$/.test(arg) ? Number(arg) : NaN));
  return numbers.length > 0 && numbers.every((n) => Number.isSafeInteger(n) && n > 0)
    ? numbers
    : null;
};

/** Runs the command against the NATS server `server` names (natsServer); answers the exit code. */
export async function deadLettersCommand(
  args: string[],
  server: NatsServer,
  output: CommandOutput,
): Promise<number> {
  const [command, ...rest] = args;
  const numbers = sequences(rest);
  const valid =
    (command === 'list' && rest.length === 0) ||
    (command === 'show' && numbers?.length === 1) ||
    (command === 'replay' && numbers !== null);
  if (!valid) {
    output.err(DEAD_LETTERS_USAGE);
    return 2;
  }
  const nc = await connect({ ...server, timeout: 5000 });
  try {
    if (command === 'list') {
      const letters = await listDeadLetters(nc);
      if (letters.length === 0) output.out('No dead letters.');
      for (const letter of letters) output.out(summary(letter));
      return 0;
    }
    for (const sequence of numbers ?? []) {
      const letter = await getDeadLetter(nc, sequence);
      if (!letter) {
        output.err(`No dead letter ${sequence}: "list" shows the ones there are.`);
        return 1;
      }
      if (command === 'show') {
        output.out(whole(letter));
        continue;
      }
      const subject = await replayDeadLetter(nc, sequence);
      output.out(`Replayed dead letter ${sequence} on ${subject} and removed it.`);
    }
    return 0;
  } finally {
    await nc.close();
  }
}
