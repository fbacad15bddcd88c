/**
 * A profile's FerretDB or Redis for a command run without `npm start`: the one already answering
 * on its port, or one started alone for the command (the same spec as the stack's, the same data
 * folder) and stopped after it.
 */
import path from 'node:path';
import { isPortOpen, startProcess, type ProcessSpec } from '@mcat/runner/infra';

export interface LocalServer {
  /** True when this command started it. */
  started: boolean;
  stop(): Promise<void>;
}

export async function useLocalServer(
  spec: () => ProcessSpec,
  port: number,
  dataDir: string,
): Promise<LocalServer> {
  if (await isPortOpen(port)) return { started: false, stop: async () => undefined };
  const running = await startProcess(spec(), path.join(dataDir, 'logs'));
  return { started: true, stop: () => running.stop() };
}
