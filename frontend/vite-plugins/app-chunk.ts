/**
 * A Vite plugin for an app whose entry starts its requests first and then loads the React app in
 * stages (src/main.tsx, src/app/load-app.ts, docs/adr/0040):
 *  - what the entry imports goes in one chunk; then each module the stages module imports
 *    dynamically, in the order it imports them, gets a chunk of every module it needs that no
 *    earlier chunk holds, instead of the score of small chunks Rollup would cut where pages share
 *    a component. The browser then evaluates one stage's chunk per task;
 *  - index.html gets a `<meta name="app-modules">` listing those chunks (and any chunk they
 *    import), which the stages module preloads once the page's first content is on screen: no
 *    `<link rel="modulepreload">` in the page competes with its first paint.
 */
import type { GetModuleInfo, OutputBundle, OutputChunk } from 'rollup';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface AppChunkOptions {
  /** Path suffix of the entry module (the one index.html loads). */
  entry: string;
  /** Name of the chunk of the entry's imports. */
  entryChunk: string;
  /** Path suffix of the module whose dynamic imports, in order, are the app's stages. */
  stages: string;
  /** Name of the meta tag listing the stages' chunks. */
  meta: string;
  /**
   * Modules that keep a chunk of their own, by its name. Rollup moves every module a chunk's
   * modules import into it, unless another chunk claims it: an index that re-exports all of a
   * package (the contracts and their zod schemas) would otherwise end up in the first chunk.
   */
  ownChunks: Record<string, (id: string) => boolean>;
}

/**
 * The module and every module it imports statically, transitively, that the bundle keeps; modules
 * with a chunk of their own are not followed.
 */
function staticClosure(
  root: string,
  getModuleInfo: GetModuleInfo,
  ownChunk: (id: string) => string | undefined,
): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of getModuleInfo(id)?.importedIds ?? []) {
      if (!ownChunk(imported)) pending.push(imported);
    }
  }
  return new Set([...seen].filter((id) => id === root || getModuleInfo(id)?.isIncluded));
}

/** A stage's chunk name: its package (`react-dom`, `mui-material`) or its file (`start-app`). */
export function stageChunkName(id: string): string {
  const packageName = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
  if (packageName) return packageName.replace(/^@/, '').replace('/', '-');
  return (
    id
      .split('/')
      .pop()
      ?.replace(/\.[^.]+$/, '') ?? 'app'
  );
}

const chunksOf = (bundle: OutputBundle): OutputChunk[] =>
  Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** The stages' chunks, in their order, and every chunk they import, the entry's own excepted. */
function chunksToPreload(bundle: OutputBundle, entry: OutputChunk, stages: string[]): string[] {
  const byName = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
  const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
  const found: string[] = [];
  const visit = (fileName: string) => {
    if (alreadyLoaded.has(fileName) || found.includes(fileName)) return;
    found.push(fileName);
    byName.get(fileName)?.imports.forEach(visit);
  };
  for (const stage of stages) {
    const target = chunksOf(bundle).find((chunk) => chunk.moduleIds.includes(stage));
    if (!target) throw new Error(`app-chunk: no chunk holds ${stage}`);
    visit(target.fileName);
  }
  return found;
}

export function appChunk({ entry, entryChunk, stages, meta, ownChunks }: AppChunkOptions): Plugin {
  const ownChunk = (id: string) => Object.entries(ownChunks).find(([, holds]) => holds(id))?.[0];
  let base = '/';
  let chunkOf: Map<string, string> | null = null;
  let stageIds: string[] = [];

  const assignChunks = (moduleIds: Iterable<string>, getModuleInfo: GetModuleInfo) => {
    const ids = [...moduleIds];
    const find = (suffix: string) => {
      const id = ids.find((candidate) => candidate.endsWith(suffix));
      if (!id) throw new Error(`app-chunk: no module ends with ${suffix}`);
      return id;
    };
    const entryId = find(entry);
    const assigned = new Map<string, string>();
    for (const id of staticClosure(entryId, getModuleInfo, ownChunk)) {
      if (id !== entryId) assigned.set(id, entryChunk);
    }
    stageIds = [...(getModuleInfo(find(stages))?.dynamicallyImportedIds ?? [])];
    if (stageIds.length === 0) throw new Error(`app-chunk: ${stages} imports no stage`);
    for (const stageId of stageIds) {
      const name = stageChunkName(stageId);
      for (const id of staticClosure(stageId, getModuleInfo, ownChunk)) {
        if (!assigned.has(id)) assigned.set(id, name);
      }
    }
    return assigned;
  };

  return {
    name: 'app-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    outputOptions(options) {
      return {
        ...options,
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          chunkOf ??= assignChunks(getModuleIds(), getModuleInfo);
          return ownChunk(id) ?? chunkOf.get(id);
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        const files = chunksToPreload(bundle, chunk, stageIds);
        return [
          {
            tag: 'meta',
            attrs: { name: meta, content: files.map((fileName) => `${base}${fileName}`).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
