import { spawn, type ChildProcess } from 'node:child_process';
import { ensureTool } from '../../../../scripts/lib/tools';
import { waitForPort } from '../../../../scripts/lib/infra';
import { freePort } from '../../../../scripts/test-infra/private-infra';

/**
 * The official stripe-mock on free loopback ports, with the version check on: a request whose
 * Stripe-Version differs from the mock's OpenAPI version fails, so an SDK upgrade that drifts
 * from the mock is caught here.
 */
export class StripeMock {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<StripeMock> {
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    const child = spawn(
      ensureTool('stripe-mock'),
      [
        '-http-addr',
        `127.0.0.1:${httpPort}`,
        '-https-addr',
        `127.0.0.1:${httpsPort}`,
        '-strict-version-check',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(httpPort, 15_000);
    return new StripeMock(child, `http://127.0.0.1:${httpPort}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}
