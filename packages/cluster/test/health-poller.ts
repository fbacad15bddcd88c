/**
 * A client polling the product's health while something changes under it (a helm upgrade): one
 * GET /api/health every `intervalMs`, each on a new connection, as a load balancer's probe or a
 * browser after a network change would make it. Every answer other than 200 and every connection
 * error is a failed poll, kept with its time and the start of the answer's body (the gateway's
 * /api/health names the service or dependency it found down) so a failure can be matched to the
 * rollout's events.
 */
import http from 'node:http';

export interface FailedPoll {
  /** Milliseconds since polling started. */
  at: number;
  outcome: string;
}

export interface PollResult {
  polls: number;
  failed: FailedPoll[];
}

export interface HealthPoller {
  /** Waits for the poll in flight, then stops and reports. */
  stop(): Promise<PollResult>;
}

const POLL_TIMEOUT_MS = 5000;
/** How much of a failed answer's body a failed poll keeps. */
const KEPT_BODY_CHARS = 400;

function pollOnce(url: URL): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.get(
      url,
      { agent: false, timeout: POLL_TIMEOUT_MS, headers: { connection: 'close' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < KEPT_BODY_CHARS) body += chunk;
        });
        response.on('end', () =>
          resolve(
            response.statusCode === 200
              ? null
              : `status ${response.statusCode}: ${body.slice(0, KEPT_BODY_CHARS)}`,
          ),
        );
        response.on('error', (error) => resolve(error.message));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${POLL_TIMEOUT_MS} ms`)));
    request.on('error', (error) => resolve(error.message));
  });
}

export function pollHealth(baseUrl: string, intervalMs = 100): HealthPoller {
  const url = new URL('/api/health', baseUrl);
  const started = Date.now();
  const result: PollResult = { polls: 0, failed: [] };
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const at = Date.now() - started;
      const outcome = await pollOnce(url);
      result.polls += 1;
      if (outcome !== null) result.failed.push({ at, outcome });
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      return result;
    },
  };
}
