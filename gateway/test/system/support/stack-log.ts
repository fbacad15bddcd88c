/**
 * The running product's log as an operator reads it: `npm test` writes the stack's output to
 * `.test-data/logs/stack.log` (SYSTEM_STACK_LOG overrides), each line prefixed by its process's
 * name (`[gateway  ] {"level":30,...}`, packages/runner/src/stack.ts); the processes log JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { logDir } from '@mcat/test-support/stack';
import { systemEnv } from '@mcat/test-support/system/system-env';

export const stackLogFile =
  process.env.SYSTEM_STACK_LOG ?? path.join(logDir(systemEnv.profile), 'stack.log');

/** One JSON log line of one process. */
export interface StackLogLine {
  process: string;
  message?: string;
  traceId?: string;
  spanId?: string;
  requestId?: string;
  [field: string]: unknown;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const PREFIXED_JSON = /^\[\s*([\w-]+)\s*\]\s+(\{.*\})\s*$/;

/** Every JSON line of the stack's log so far (other output is skipped). */
export function stackLogLines(file = stackLogFile): StackLogLine[] {
  if (!fs.existsSync(file)) return [];
  const lines: StackLogLine[] = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = PREFIXED_JSON.exec(raw.replace(ANSI, ''));
    if (!match?.[1] || !match[2]) continue;
    try {
      lines.push({ ...(JSON.parse(match[2]) as Record<string, unknown>), process: match[1] });
    } catch {
      // A line that only looks like JSON.
    }
  }
  return lines;
}

/**
 * Waits until, for each process named, some line matches; answers the matching lines by process.
 * Fails naming the processes that logged none, with what they did log for the same trace.
 */
export async function waitForLogLines(
  processes: readonly string[],
  matches: (line: StackLogLine) => boolean,
  timeoutMs = 20_000,
): Promise<Record<string, StackLogLine[]>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found: Record<string, StackLogLine[]> = {};
    for (const line of stackLogLines()) {
      if (matches(line)) (found[line.process] ??= []).push(line);
    }
    const missing = processes.filter((name) => !found[name]?.length);
    if (missing.length === 0) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `No log line in ${stackLogFile} from ${missing.join(', ')} within ${timeoutMs} ms; ` +
          `matching lines: ${JSON.stringify(found)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
