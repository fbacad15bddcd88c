/**
 * Builds what the processes run: the back end with `tsc -b` (incremental, so a build with nothing
 * changed takes seconds) and the web app with Vite, skipped when its dist is newer than its sources.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './ports';

const FRONTEND = path.join(REPO_ROOT, 'frontend');
/** What the web app's bundle is made of: its own sources and config, and the shared contracts. */
const FRONTEND_INPUTS = [
  'frontend/src',
  'frontend/public',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/vite-plugins',
  'frontend/package.json',
  'frontend/tsconfig.json',
  'packages/contracts/src',
].map((p) => path.join(REPO_ROOT, p));

export type Log = (line: string) => void;

function run(command: string, args: string[], log: Log): boolean {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  const ok = result.status === 0;
  log(
    `${[command, ...args].join(' ')}: ${ok ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return ok;
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

export function buildBackend(log: Log): boolean {
  return run(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc'),
    ['-b', 'tsconfig.build.json'],
    log,
  );
}

export function frontendScripts(): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(FRONTEND, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  return manifest.scripts ?? {};
}

export function buildFrontend(log: Log): boolean {
  if (!frontendScripts().build) {
    log('frontend has no build script yet: skipping the web app build');
    return true;
  }
  const built = path.join(FRONTEND, 'dist', 'index.html');
  if (
    fs.existsSync(built) &&
    fs.statSync(built).mtimeMs >= Math.max(...FRONTEND_INPUTS.map(newestMtime))
  ) {
    log('frontend/dist is up to date');
    return true;
  }
  return run('npm', ['run', 'build', '-w', 'frontend'], log);
}

/** Both builds; false if either failed. */
export function buildAll(log: Log): boolean {
  return buildBackend(log) && buildFrontend(log);
}
