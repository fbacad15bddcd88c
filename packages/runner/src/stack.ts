/**
 * Runs a profile's whole product on this machine: the infrastructure (unless the caller already
 * runs it or an URL replaces it), then the SMTP catcher, the services and the gateway, each its own
 * OS process under `concurrently` with its output prefixed by its name. Resolves once every
 * process answers its readiness check; from then on a Supervisor restarts any process that ends
 * on its own (docs/adr/0017-supervision.md). `npm start`, `npm test` (for Playwright) and
 * `npm run bench` all start the product through here.
 */
import type { Writable } from 'node:stream';
import {
  Command,
  createConcurrently,
  LogError,
  LogExit,
  LogOutput,
  Logger,
  type CloseEvent,
} from 'concurrently';
import waitOn from 'wait-on';
import { infraSpecs, type ProcessSpec } from './infra';
import { REPO_ROOT, type Profile } from './ports';
import {
  ensureInternalToken,
  ensureMetricsToken,
  ensureReviewReminderSecret,
} from './internal-token';
import { appProcesses, type AppProcess } from './processes';
import { runnerStatusFile } from './supervision/runner-status';
import { describeExit, Supervisor } from './supervision/supervisor';

export interface StackOptions {
  /** Start FerretDB, NATS and Redis too (default true); false when the caller runs them. */
  infrastructure?: boolean;
  /** Where the prefixed output goes (default stdout). */
  output?: Writable;
  /** How long every process may take to become ready (default 120 s). */
  readyTimeoutMs?: number;
  /** Aborting while the stack starts stops what already runs and rejects with StackAbortedError. */
  signal?: AbortSignal;
  /** Variables for the application processes over the runner's own (`npm test`: MONGO_QUERY_LOG). */
  env?: Record<string, string>;
}

export class StackAbortedError extends Error {
  constructor() {
    super('Stopped before every process was ready.');
  }
}

export interface StackHandle {
  /** The gateway's address on loopback. */
  url: string;
  /** The OS process id of each process once all were ready, by name (a restart changes it). */
  pids: Record<string, number>;
  /** Where the runner keeps each process's current state, pid and restart count. */
  statusFile: string;
  /** Settles when the stack has been stopped. */
  finished: Promise<void>;
  /** Stops the application processes, then the infrastructure; safe to call more than once. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 15_000;

const shellQuote = (arg: string) =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
/** `exec` makes the shell concurrently spawns become the process itself: one pid, direct signals. */
const commandLine = (argv: string[]) => `exec ${argv.map(shellQuote).join(' ')}`;

interface Group {
  commands: Command[];
  result: Promise<CloseEvent[]>;
}

interface CommandInput {
  name: string;
  command: string;
  env: Record<string, string>;
}

function startGroup(inputs: CommandInput[], output: Writable, prefixLength: number): Group {
  const logger = new Logger({ prefixFormat: 'name' });
  logger.setPrefixLength(prefixLength);
  return createConcurrently(
    inputs.map((input) => ({ ...input, cwd: REPO_ROOT })),
    {
      logger,
      outputStream: output,
      prefixColors: ['auto'],
      controllers: [new LogError({ logger }), new LogOutput({ logger }), new LogExit({ logger })],
    },
  );
}

/** SIGTERM to every process still running, SIGKILL to any still running after the grace time. */
function stopGroup(group: Group): Promise<void> {
  const running = () => group.commands.filter((command) => Command.canKill(command));
  running().forEach((command) => command.kill('SIGTERM'));
  const force = setTimeout(
    () => running().forEach((command) => command.kill('SIGKILL')),
    STOP_GRACE_MS,
  );
  return group.result
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => clearTimeout(force));
}

const infraInput = (spec: ProcessSpec): CommandInput => ({
  name: spec.name,
  command: commandLine([spec.command, ...spec.args]),
  env: spec.env ?? {},
});

const appInput = (app: AppProcess): CommandInput => ({
  name: app.name,
  command: commandLine(app.argv),
  env: app.env,
});

export async function startStack(
  profile: Profile,
  options: StackOptions = {},
): Promise<StackHandle> {
  if (options.signal?.aborted) throw new StackAbortedError();
  const output = options.output ?? process.stdout;
  const infra = options.infrastructure === false ? [] : infraSpecs(profile);
  const apps = appProcesses(profile, {
    ...process.env,
    ...options.env,
    INTERNAL_API_TOKEN: process.env.INTERNAL_API_TOKEN ?? ensureInternalToken(profile),
    METRICS_TOKEN: process.env.METRICS_TOKEN ?? ensureMetricsToken(profile),
    REVIEW_REMINDER_SECRET:
      process.env.REVIEW_REMINDER_SECRET ?? ensureReviewReminderSecret(profile),
  });
  const prefixLength = Math.max(...[...infra, ...apps].map((p) => p.name.length));
  const timeout = options.readyTimeoutMs ?? 120_000;

  const groups: Group[] = [];
  let supervisor: Supervisor | null = null;
  let stopping: Promise<void> | null = null;
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const stop = () =>
    (stopping ??= (async () => {
      // Pending restarts are cancelled first, so none starts a process during the shutdown.
      supervisor?.stop();
      for (const group of [...groups].reverse()) await stopGroup(group);
      markStopped();
    })());

  // Once every process is ready the supervisor restarts one that ends. Before that, one that ends
  // is a failure (a port in use, a bad setting: a restart would only hide it), and the others are
  // stopped with it (concurrently's kill-others, done here so a requested stop is quiet).
  let rejectFailed: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (rejectFailed = reject));
  failed.catch(() => undefined);
  const watch = (group: Group) => {
    for (const command of group.commands) {
      command.close.subscribe((event) => {
        if (stopping) return;
        if (supervisor) {
          supervisor.onExit(command, event);
          return;
        }
        const ended = describeExit(event.exitCode);
        output.write(`--> ${command.name} ended (${ended}) while starting; stopping the others\n`);
        rejectFailed(new Error(`${command.name} ended (${ended}) while starting.`));
        void stop();
      });
    }
  };
  const aborted = new Promise<never>((_, reject) => {
    options.signal?.addEventListener('abort', () => reject(new StackAbortedError()), {
      once: true,
    });
  });
  aborted.catch(() => undefined);
  const startReady = async (inputs: CommandInput[], resources: string[]) => {
    const group = startGroup(inputs, output, prefixLength);
    groups.push(group);
    watch(group);
    await Promise.race([waitOn({ resources, timeout, interval: 200, window: 0 }), failed, aborted]);
  };

  try {
    if (infra.length > 0) {
      await startReady(
        infra.map(infraInput),
        infra.map((spec) => `tcp:127.0.0.1:${spec.port}`),
      );
    }
    await startReady(
      apps.map(appInput),
      apps.map((app) => app.readyUrl),
    );
  } catch (error) {
    await stop();
    throw error instanceof Error && /Timed out/i.test(error.message)
      ? new Error(`Not every process was ready within ${timeout / 1000} s (${error.message}).`)
      : error;
  }

  const commands = groups.flatMap((group) => group.commands);
  const statusFile = runnerStatusFile(profile);
  supervisor = new Supervisor(commands, { output, statusFile });
  const pids: Record<string, number> = {};
  for (const command of commands) {
    if (command.pid !== undefined) pids[command.name] = command.pid;
  }
  return { url: `http://127.0.0.1:${profile.gateway}`, pids, statusFile, finished: stopped, stop };
}
