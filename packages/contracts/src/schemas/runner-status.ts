import { z } from 'zod';

/**
 * The single-machine runner's status file (docs/adr/0017-supervision.md): the runner writes it,
 * whole, into its data folder as it starts, restarts and stops its processes; the gateway reads it
 * for /api/health (RUNNER_STATUS_FILE) and the system tests find each process's current pid in it.
 * Both sides take its shape from here.
 *
 * A process's state:
 * - running: started (or restarted) and not ended since
 * - restarting: ended on its own; the runner starts it again after the backoff delay
 * - given-up: crashed too often within the crash window; the runner no longer restarts it
 * - stopped: ended because the stack is stopping
 */
export const PROCESS_STATES = ['running', 'restarting', 'given-up', 'stopped'] as const;
export type ProcessState = (typeof PROCESS_STATES)[number];

export const processStatusSchema = z.object({
  state: z.enum(PROCESS_STATES),
  /** The OS process id while running, else null. */
  pid: z.number().int().positive().nullable(),
  /** How many times the runner has restarted it since the stack started. */
  restarts: z.number().int().min(0),
});
export type ProcessStatus = z.infer<typeof processStatusSchema>;

export const runnerStatusSchema = z.object({
  /** The runner's own pid: a reader can tell a file left by a runner that is gone. */
  runnerPid: z.number().int().positive(),
  processes: z.record(z.string(), processStatusSchema),
});
export type RunnerStatus = z.infer<typeof runnerStatusSchema>;
