/**
 * Keeps the stack's processes running once they are all ready: one that ends on its own (crash,
 * kill -9, exit) is started again after the RestartPolicy's delay, with a log line naming it, its
 * exit code or signal and the restart number, while the others keep serving. One that crashes too
 * often is left down with a loud message. Each change is written to the runner's status file.
 */
import type { Writable } from 'node:stream';
import type { CloseEvent, Command } from 'concurrently';
import { RestartPolicy, type RestartLimits } from './restart-policy';
import { writeRunnerStatus, type ProcessState, type ProcessStatus } from './runner-status';

export interface SupervisorOptions {
  output: Writable;
  statusFile: string;
  limits?: RestartLimits;
}

/** "exit 1" or "signal SIGKILL": concurrently reports a signal in place of the exit code. */
export const describeExit = (exitCode: string | number) =>
  typeof exitCode === 'number' ? `exit ${exitCode}` : `signal ${exitCode}`;

export class Supervisor {
  private stopping = false;
  private readonly policies = new Map<string, RestartPolicy>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly status: Record<string, ProcessStatus> = {};

  constructor(
    commands: readonly Command[],
    private readonly options: SupervisorOptions,
  ) {
    for (const command of commands) {
      this.policies.set(command.name, new RestartPolicy(options.limits));
      this.status[command.name] = { state: 'running', pid: command.pid ?? null, restarts: 0 };
    }
    this.save();
  }

  /** A supervised process ended while the stack was not stopping. */
  onExit(command: Command, event: CloseEvent): void {
    if (this.stopping) return;
    const policy = this.policies.get(command.name);
    const status = this.status[command.name];
    if (!policy || !status) return;
    const ended = describeExit(event.exitCode);
    const decision = policy.onCrash(
      event.timings.endDate.getTime(),
      event.timings.durationSeconds * 1000,
    );
    if (decision.action === 'give-up') {
      this.update(command.name, 'given-up', null);
      this.log(
        `!!! ${command.name} ended (${ended}) and has crashed ${decision.crashes} times within ` +
          `${decision.windowMs / 1000} s: NOT restarting it again. The rest of the product keeps ` +
          `running without it and /api/health reports it down; fix the cause, then restart npm start.`,
      );
      return;
    }
    const restart = status.restarts + 1;
    this.update(command.name, 'restarting', null);
    this.log(
      `${command.name} ended (${ended}); restart ${restart} in ${decision.delayMs / 1000} s`,
    );
    const timer = setTimeout(() => {
      this.pending.delete(command.name);
      // A stop requested during the delay wins: nothing may start while the stack shuts down.
      if (this.stopping) return;
      command.start();
      status.restarts = restart;
      this.update(command.name, 'running', command.pid ?? null);
      this.log(`${command.name} restarted (restart ${restart}, pid ${command.pid ?? '?'})`);
    }, decision.delayMs);
    this.pending.set(command.name, timer);
  }

  /** Cancels every pending restart; the stack then stops the processes. */
  stop(): void {
    this.stopping = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const status of Object.values(this.status))
      Object.assign(status, { state: 'stopped', pid: null });
    this.save();
  }

  private update(name: string, state: ProcessState, pid: number | null): void {
    const status = this.status[name];
    if (!status) return;
    status.state = state;
    status.pid = pid;
    this.save();
  }

  private save(): void {
    try {
      writeRunnerStatus(this.options.statusFile, {
        runnerPid: process.pid,
        processes: this.status,
      });
    } catch (error) {
      // The status is a report for /api/health and the tests: failing to write it must not stop
      // the supervision itself.
      this.log(`could not write ${this.options.statusFile}: ${String(error)}`);
    }
  }

  private log(line: string): void {
    this.options.output.write(`--> [supervisor] ${line}\n`);
  }
}
