// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';
import { appChunk, stageChunkName } from './app-chunk';

/**
 * A small app shaped like ours: the entry imports the store and a stages module, whose dynamic
 * imports are a library (with a dependency of its own), a module of the app's and the app.
 */
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/src/main.ts"></script></body></html>',
  'src/main.ts':
    "import { store } from './store';\nimport { loadApp } from './load-app';\nvoid loadApp().then((app) => app.start(store));\n",
  'src/store.ts': "import { shared } from './shared';\nexport const store = { shared };\n",
  'src/shared.ts': 'export const shared = 1;\n',
  'src/load-app.ts': [
    "const stages = [() => import('./lib/library'), () => import('./theme')];",
    'export async function loadApp() {',
    '  for (const stage of stages) await stage();',
    "  return import('./app');",
    '}',
    '',
  ].join('\n'),
  'src/lib/library.ts': "import { helper } from './helper';\nexport const library = helper + 1;\n",
  'src/lib/helper.ts': 'export const helper = 2;\n',
  'src/theme.ts': "import { library } from './lib/library';\nexport const theme = library * 3;\n",
  'src/app.ts': [
    "import { library } from './lib/library';",
    "import { theme } from './theme';",
    "import { shared } from './shared';",
    'export const start = (store: unknown) => [store, library, theme, shared];',
    '',
  ].join('\n'),
};

interface Built {
  chunks: Rollup.OutputChunk[];
  html: string;
}

const buildApp = async (root: string): Promise<Built> => {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [
      appChunk({
        entry: '/src/main.ts',
        entryChunk: 'start',
        stages: '/src/load-app.ts',
        meta: 'app-modules',
        ownChunks: {},
      }),
    ],
    build: { write: false, modulePreload: { polyfill: false } },
  })) as Rollup.RollupOutput;
  const files = output.output;
  const page = files.find((file) => file.fileName === 'index.html');
  return {
    chunks: files.filter((file): file is Rollup.OutputChunk => file.type === 'chunk'),
    html: page?.type === 'asset' ? String(page.source) : '',
  };
};

const chunkHolding = (built: Built, suffix: string) =>
  built.chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)));

describe('appChunk', () => {
  let root: string;
  let built: Built;

  beforeAll(async () => {
    // Outside node_modules, where a module's chunk would be named after a package.
    root = await mkdtemp(path.join(os.tmpdir(), 'app-chunk-build-'));
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    built = await buildApp(root);
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("puts the entry's static imports in the entry's chunk", () => {
    expect(chunkHolding(built, '/src/store.ts')?.name).toBe('start');
    expect(chunkHolding(built, '/src/shared.ts')?.name).toBe('start');
    expect(chunkHolding(built, '/src/load-app.ts')?.name).toBe('start');
  });

  it('gives each stage a chunk of what it needs that no earlier chunk holds, in the order they load', () => {
    expect(chunkHolding(built, '/src/lib/library.ts')?.name).toBe('library');
    expect(chunkHolding(built, '/src/lib/helper.ts')?.name).toBe('library');
    expect(chunkHolding(built, '/src/theme.ts')?.name).toBe('theme');
    expect(chunkHolding(built, '/src/app.ts')?.name).toBe('app');
  });

  it("lists the stages' chunks in a meta tag, in their order, and links none of them from the page", () => {
    const listed = /<meta name="app-modules" content="([^"]*)">/.exec(built.html)?.[1];
    const fileOf = (suffix: string) => `/${chunkHolding(built, suffix)?.fileName}`;
    expect(listed?.split(' ')).toEqual([
      fileOf('/src/lib/library.ts'),
      fileOf('/src/theme.ts'),
      fileOf('/src/app.ts'),
    ]);
    const linked = [...built.html.matchAll(/<link[^>]*href="([^"]*)"/g)].map((link) => link[1]);
    expect(linked.filter((href) => listed?.includes(href))).toEqual([]);
  });
});

describe('stageChunkName', () => {
  it("names a package's stage after the package, and one of the app's after its file", () => {
    expect(stageChunkName('/repo/node_modules/react-dom/client.js')).toBe('react-dom');
    expect(stageChunkName('/repo/node_modules/@mui/material/esm/styles/index.js')).toBe(
      'mui-material',
    );
    expect(stageChunkName('/repo/frontend/src/app/start-app.tsx')).toBe('start-app');
  });
});
