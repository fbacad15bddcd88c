/**
 * The `test` profile's infrastructure for a whole run of `npm test` or `npm run bench`. When none of
 * the profile's processes runs, the previous run's data is removed first, so each run starts from
 * empty databases, streams and Redis keys (rate limits included); when someone's jest run already
 * has them up, they are reused as they are. jest's integration tests always talk to the profile's
 * own ports, so all three run even when MONGO_URL, NATS_URL or REDIS_URL point elsewhere (those
 * only change what the browser stack uses).
 */
import fs from 'node:fs';
import path from 'node:path';
import { infraSpecs, isPortOpen, startProcess, type RunningProcess } from './infra';
import type { Profile } from './ports';
import { ensureTool } from './tools';

/** Files of the data folder a run keeps: the lock of the run itself. */
const KEPT = new Set(['test.lock']);

export const logDir = (profile: Profile) => path.join(profile.dataDir, 'logs');

export async function startTestInfrastructure(
  profile: Profile,
  log: (line: string) => void,
): Promise<RunningProcess[]> {
  const ports = [
    profile.mongo,
    profile.nats,
    profile.redis,
    profile.smtp,
    profile.gateway,
    ...Object.values(profile.services),
  ];
  const busy = await Promise.all(ports.map((port) => isPortOpen(port)));
  if (busy.some(Boolean)) {
    log(`${profile.name} infrastructure already running: reusing it and its data`);
  } else if (fs.existsSync(profile.dataDir)) {
    for (const entry of fs.readdirSync(profile.dataDir)) {
      if (!KEPT.has(entry)) fs.rmSync(path.join(profile.dataDir, entry), { recursive: true });
    }
  }
  ensureTool('ferretdb', log);
  const started: RunningProcess[] = [];
  for (const spec of infraSpecs(profile, { external: 'ignore' })) {
    if (!(await isPortOpen(spec.port))) started.push(await startProcess(spec, logDir(profile)));
  }
  return started;
}
