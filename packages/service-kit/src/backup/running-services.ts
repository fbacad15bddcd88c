/**
 * On a cluster a restore cannot ask for the services' ports: it asks NATS instead. A running
 * service keeps a pull request waiting on each of its durable consumers (jetstream.server.ts, 5 s
 * each, renewed), so a consumer with waiting pulls is a service still running. Pulls of pods just
 * stopped expire within those 5 s: the check looks again for `settleMs` before it refuses.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'nats';
import type { NatsServer } from '../infra/nats-credentials';

export class ServicesRunningError extends Error {
  constructor(readonly readers: readonly string[]) {
    super(
      `The services are running: ${readers.join(', ')} ${readers.length === 1 ? 'is' : 'are'} ` +
        "being read. Scale the release's Deployments to 0 first (docs/operations.md, " +
        '"Backups on a cluster"), then run the restore again. Nothing was restored.',
    );
  }
}

/** `stream/consumer` of every consumer a client is pulling from now. */
async function consumersBeingRead(server: NatsServer): Promise<string[]> {
  const connection = await connect({ ...server, name: 'mcat-restore-check', timeout: 10_000 });
  try {
    const manager = await connection.jetstreamManager();
    const read: string[] = [];
    for await (const stream of manager.streams.names()) {
      for await (const consumer of manager.consumers.list(stream)) {
        if (consumer.num_waiting > 0 || consumer.push_bound)
          read.push(`${stream}/${consumer.name}`);
      }
    }
    return read;
  } finally {
    await connection.close();
  }
}

/** Rejects with ServicesRunningError while any consumer is still read after `settleMs`. */
export async function refuseWhileServicesRun(server: NatsServer, settleMs = 12_000): Promise<void> {
  const deadline = Date.now() + settleMs;
  let read = await consumersBeingRead(server);
  while (read.length > 0 && Date.now() < deadline) {
    await sleep(2000);
    read = await consumersBeingRead(server);
  }
  if (read.length > 0) throw new ServicesRunningError(read);
}
