import { randomInt } from 'node:crypto';
import { request } from 'node:http';

export interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
  /** From sending the request to the end of the answer. */
  ms: number;
}

/**
 * A loopback address of its own (127.x.y.z), so that a test's client is counted apart from every
 * other test's: the gateway's rate-limit counters are in the test Redis, shared by every test file
 * and kept a minute after a run.
 */
export const randomLoopbackAddress = (): string =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A GET from a chosen loopback address, so that each call can be a different client. */
export function getFrom(
  base: string,
  path: string,
  from: string,
  authorization?: string,
): Promise<Answer> {
  const started = Date.now();
  return new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    request(
      {
        hostname,
        port,
        path,
        localAddress: from,
        headers: authorization ? { authorization } : {},
        agent: false,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body,
            ms: Date.now() - started,
          }),
        );
      },
    )
      .on('error', reject)
      .end();
  });
}
