/**
 * A Vite plugin for an app whose entry starts its requests first and then imports the React app
 * dynamically (src/main.tsx and src/app/start-app.tsx):
 *  - what the entry imports goes in one chunk, and every module the app needs at start that the
 *    entry does not in another, instead of the score of small chunks Rollup would cut where pages
 *    share a component;
 *  - index.html gets a `<link rel="modulepreload">` for that chunk (and any chunk it imports), so
 *    the browser fetches it next to the entry instead of after the entry has run.
 */
import type { GetModuleInfo, OutputBundle, OutputChunk } from 'rollup';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export interface AppChunkOptions {
  /** Path suffix of the entry module (the one index.html loads). */
  entry: string;
  /** Path suffix of the module the entry imports dynamically. */
  app: string;
  /** Names of the chunk of the entry's imports and of the chunk of the app. */
  chunkNames: { entry: string; app: string };
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

const chunksOf = (bundle: OutputBundle): OutputChunk[] =>
  Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');

/** The app's chunk and every chunk it imports statically, the entry's own excepted. */
function chunksToPreload(bundle: OutputBundle, entry: OutputChunk, app: string): string[] {
  const byName = new Map(chunksOf(bundle).map((chunk) => [chunk.fileName, chunk]));
  const target = chunksOf(bundle).find((chunk) => chunk.moduleIds.some((id) => id.endsWith(app)));
  if (!target) throw new Error(`app-chunk: no chunk holds ${app}`);
  const alreadyLoaded = new Set([entry.fileName, ...entry.imports]);
  const found: string[] = [];
  const visit = (fileName: string) => {
    if (alreadyLoaded.has(fileName) || found.includes(fileName)) return;
    found.push(fileName);
    byName.get(fileName)?.imports.forEach(visit);
  };
  visit(target.fileName);
  return found;
}

export function appChunk({ entry, app, chunkNames, ownChunks }: AppChunkOptions): Plugin {
  const ownChunk = (id: string) => Object.entries(ownChunks).find(([, holds]) => holds(id))?.[0];
  let base = '/';
  let chunkOf: Map<string, string> | null = null;

  const assignChunks = (moduleIds: Iterable<string>, getModuleInfo: GetModuleInfo) => {
    const ids = [...moduleIds];
    const find = (suffix: string) => {
      const id = ids.find((candidate) => candidate.endsWith(suffix));
      if (!id) throw new Error(`app-chunk: no module ends with ${suffix}`);
      return id;
    };
    const entryId = find(entry);
    const entryModules = staticClosure(entryId, getModuleInfo, ownChunk);
    const assigned = new Map<string, string>();
    for (const id of staticClosure(find(app), getModuleInfo, ownChunk)) {
      if (!entryModules.has(id)) assigned.set(id, chunkNames.app);
    }
    for (const id of entryModules) if (id !== entryId) assigned.set(id, chunkNames.entry);
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
        return chunksToPreload(bundle, chunk, app).map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
