// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Plugin, type Rollup } from 'vite';
import { reactRouterProduction } from './react-router-production';

/** Builds an entry that uses the router as the app does, and lists the modules of the output. */
const bundledModules = async (root: string, plugins: Plugin[]): Promise<string[]> => {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, lib: { entry: path.join(root, 'entry.ts'), formats: ['es'] } },
  })) as Rollup.RollupOutput[];
  return output
    .flatMap(({ output: files }) => files)
    .flatMap((file) => (file.type === 'chunk' ? file.moduleIds : []));
};

describe('reactRouterProduction', () => {
  let root: string;

  beforeAll(async () => {
    // Inside the repository, so the entry's imports resolve from its node_modules.
    const cache = path.resolve(import.meta.dirname, '../../node_modules/.cache');
    await mkdir(cache, { recursive: true });
    root = await mkdtemp(path.join(cache, 'router-build-'));
    await writeFile(
      path.join(root, 'entry.ts'),
      "export { createBrowserRouter, RouterProvider, NavLink } from 'react-router-dom';\n",
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("puts React Router's production code in a build, none of its development code", async () => {
    const modules = await bundledModules(root, [reactRouterProduction()]);
    const router = modules.filter((id) => id.includes('/react-router/dist/'));
    expect(router.some((id) => id.includes('/react-router/dist/production/'))).toBe(true);
    expect(router.filter((id) => id.includes('/dist/development/'))).toEqual([]);
  }, 60_000);

  it('is needed: without it the package resolves to its development code', async () => {
    const modules = await bundledModules(root, []);
    expect(modules.some((id) => id.includes('/react-router/dist/development/'))).toBe(true);
  }, 60_000);
});
