/**
 * A restore replaces what the running services hold in memory and write all the time, so it is
 * refused while any of them answers on its port: the gateway, the services, the SMTP catcher (it
 * writes the mail folder) and the embedded NATS (its JetStream folder is reset).
 */
import { resetJetStream } from '../../service-kit/src/backup/derived-state';
import type { RestoreTarget } from '../../service-kit/src/backup/restore';
import { isPortOpen } from '@mcat/runner/infra';
import type { Profile } from '@mcat/runner/ports';

export interface NamedPort {
  name: string;
  port: number;
}

export class StackRunningError extends Error {
  constructor(readonly open: readonly NamedPort[]) {
    const listed = open.map(({ name, port }) => `${name} on port ${port}`).join(', ');
    super(
      `MCAT Logbook is running (${listed}). Stop it first (Ctrl-C in the terminal of npm start), ` +
        'then run the restore again. Nothing was restored.',
    );
  }
}

/** The ports of a profile that must be closed for a restore. */
export function stackPorts(profile: Profile, env: NodeJS.ProcessEnv = process.env): NamedPort[] {
  return [
    { name: 'gateway', port: profile.gateway },
    ...Object.entries(profile.services).map(([name, port]) => ({ name, port })),
    ...(env.SMTP_URL ? [] : [{ name: 'SMTP catcher', port: profile.smtp }]),
    ...(env.NATS_URL ? [] : [{ name: 'NATS', port: profile.nats }]),
  ];
}

export async function openPorts(ports: readonly NamedPort[]): Promise<NamedPort[]> {
  const open = await Promise.all(ports.map(({ port }) => isPortOpen(port)));
  return ports.filter((_, i) => open[i]);
}

/** Throws StackRunningError naming every process that answers. */
export async function refuseWhileRunning(ports: readonly NamedPort[]): Promise<void> {
  const open = await openPorts(ports);
  if (open.length > 0) throw new StackRunningError(open);
}

export interface SingleMachineTarget {
  mongoUrl: string;
  mailDir: string;
  /** Must all be closed: the stack's processes. */
  stackPorts: readonly NamedPort[];
  /** The embedded NATS's data folder, whose JetStream state is reset; null for an external NATS. */
  natsDir: string | null;
  /** Where auth's session versions are cleared; null to leave Redis alone. */
  redisUrl: string | null;
}

const natsReset = (natsDir: string | null): RestoreTarget['events'] =>
  natsDir ? { name: 'JetStream', reset: () => Promise.resolve(resetJetStream(natsDir)) } : null;

/** What a restore on this machine replaces and resets, and when it refuses. */
export const singleMachineTarget = (target: SingleMachineTarget): RestoreTarget => ({
  mongoUrl: target.mongoUrl,
  mailDir: target.mailDir,
  refuseWhileRunning: () => refuseWhileRunning(target.stackPorts),
  events: natsReset(target.natsDir),
  redisUrl: target.redisUrl,
});
