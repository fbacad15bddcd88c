import { readFile } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { runnerStatusSchema, type ProcessHealth } from '@mcat/contracts';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG } from '../tokens';

/** Whether a process with this id exists (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The single-machine runner's view of its processes, for /api/health: it restarts crashed
 * processes and writes their states to RUNNER_STATUS_FILE (docs/adr/0017-supervision.md). Unset
 * in a cluster, where the kubelet restarts containers and /api/health has no `processes`.
 */
@Injectable()
export class RunnerProcesses {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /**
   * Each process's state, or undefined when there is no runner to ask: no file configured, none
   * written yet, or one left by a runner that has ended (its states would be stale).
   */
  async report(): Promise<Record<string, ProcessHealth> | undefined> {
    const file = this.config.RUNNER_STATUS_FILE;
    if (!file) return undefined;
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    // The runner's status file, as the contract says the runner writes it.
    const status = runnerStatusSchema.safeParse(parsed);
    if (!status.success || !isAlive(status.data.runnerPid)) return undefined;
    const processes: Record<string, ProcessHealth> = {};
    for (const [name, { state, restarts }] of Object.entries(status.data.processes)) {
      processes[name] = { status: state === 'running' ? 'up' : 'down', state, restarts };
    }
    return processes;
  }
}
