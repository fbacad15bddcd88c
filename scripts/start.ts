/**
 * `npm start`: the single-machine mode. Builds what changed, then runs the whole product with the
 * `start` profile (data under .data/) until Ctrl-C or SIGTERM. See docs/adr/0001-single-machine-mode.md.
 */
import path from 'node:path';
import { buildAll } from '@mcat/runner/build';
import { START_PROFILE } from '@mcat/runner/ports';
import { acquireRunLock, AlreadyRunningError } from '@mcat/runner/run-lock';
import { StackAbortedError, startStack, type StackHandle } from '@mcat/runner/stack';
import { ensureTool } from '@mcat/runner/tools';

const log = (line: string) => process.stdout.write(`[start] ${line}\n`);
const publicAddress = `http://localhost:${START_PROFILE.gateway}`;

async function main(): Promise<number> {
  let lock;
  try {
    lock = acquireRunLock(path.join(START_PROFILE.dataDir, 'start.lock'));
  } catch (error) {
    if (!(error instanceof AlreadyRunningError)) throw error;
    process.stderr.write(
      `MCAT Logbook is already running (npm start, pid ${error.pid}) at ${publicAddress}. ` +
        'Stop it with Ctrl-C in its terminal before starting another.\n',
    );
    return 1;
  }
  try {
    if (!process.env.MONGO_URL) ensureTool('ferretdb', log);
    if (!buildAll(log)) return 1;

    let stack: StackHandle | null = null;
    const stopRequest = new AbortController();
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopRequest.signal.aborted) return;
      log(`${signal}: stopping every process...`);
      stopRequest.abort();
      void stack?.stop();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('SIGHUP', onSignal);

    const started = Date.now();
    stack = await startStack(START_PROFILE, { signal: stopRequest.signal });
    log(`every process answered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.stdout.write(`MCAT Logbook is ready at ${publicAddress}\n`);
    await stack.finished;
    log('stopped');
    return 0;
  } catch (error) {
    if (error instanceof StackAbortedError) return 0;
    process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    lock.release();
  }
}

void main().then((code) => process.exit(code));
