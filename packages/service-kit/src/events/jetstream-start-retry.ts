import { ErrorCode, NatsError } from 'nats';

/** How long a start keeps asking JetStream before it gives up (the startup probe allows more). */
export const JETSTREAM_START_LIMIT_MS = 60_000;

/** Waits between attempts; the last one repeats. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 5000] as const;

/**
 * JetStream's "not now" answers: a request with no answer in time (a busy or lost member, a meta
 * leader being elected), or no JetStream answering at all yet (a member still starting). Anything
 * else (a refused setting, a missing permission) is a real error.
 */
export function isJetStreamNotNow(error: unknown): boolean {
  return (
    error instanceof NatsError &&
    (error.code === ErrorCode.Timeout || error.code === ErrorCode.JetStreamNotEnabled)
  );
}

/**
 * Runs one step of a JetStream start (a service's streams and consumers, a migration's streams)
 * again after a "not now" answer, until it succeeds or `limitMs` has passed, logging each wait.
 * A start that gave up on the first timeout ended the process: under load on a three-node
 * cluster, a pod was restarted for a consumer whose creation took over the client's 5 s.
 */
export async function retryJetStreamStart<T>(
  what: string,
  step: () => Promise<T>,
  log: (message: string) => void,
  limitMs = JETSTREAM_START_LIMIT_MS,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
      if (!isJetStreamNotNow(error) || Date.now() + delay > deadline) throw error;
      log(
        `${what}: JetStream did not answer (${(error as NatsError).message}); again in ${delay} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
