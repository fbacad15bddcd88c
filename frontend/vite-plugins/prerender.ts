/**
 * A Vite plugin that writes the HTML of the app's public pages at build time, so the browser
 * paints their text before React, MUI and the rest of the app arrive, and the app then hydrates
 * it (src/app/prerendered-page.ts). Once the browser build is written, it builds `entry` for Node
 * (with the `ssr` settings given), renders each of its `PRERENDERED_PATHS` with its `renderPage`,
 * and writes it into a copy of the built index.html: `pages/index.html` for `/`,
 * `pages/<name>.html` for `/<name>`. The gateway and nginx send those for their paths; every
 * other path keeps index.html, the empty shell. The dashboard's page is the signed-in shell
 * (src/app/prerendered-page.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type InlineConfig, type Plugin } from 'vite';

export interface RenderedPage {
  html: string;
  styleTags: string;
  title: string;
  /** The attribute that marks #root (`data-prerendered` on a public page). */
  rootAttribute: string;
}

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  renderPage: (path: string) => Promise<RenderedPage>;
}

export interface PrerenderOptions {
  /** The module to build for Node, relative to the Vite root. */
  entry: string;
  /** Settings of that build for Node (its plugins and aliases). */
  ssr: Pick<InlineConfig, 'plugins' | 'resolve'>;
}

/** Where a path's page is written, relative to the build's folder. */
export const pageFile = (pagePath: string): string => {
  const name = pagePath.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9-]*$/.test(name)) throw new Error(`Cannot prerender ${pagePath}: one segment only`);
  return `pages/${name || 'index'}.html`;
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const replaceOnce = (document: string, marker: string, replacement: string): string => {
  if (!document.includes(marker)) throw new Error(`index.html has no ${marker}`);
  return document.replace(marker, () => replacement);
};

/** The built index.html holding a rendered page: its title, styles and markup in #root, marked. */
export function pageDocument(template: string, page: RenderedPage): string {
  const titled = template.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(page.title)}</title>`,
  );
  const styled = replaceOnce(titled, '</head>', `${page.styleTags}</head>`);
  return replaceOnce(
    styled,
    '<div id="root"></div>',
    `<div id="root" ${page.rootAttribute}>${page.html}</div>`,
  );
}

export const prerender = ({ entry, ssr }: PrerenderOptions): Plugin => {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Sequential: later plugins' closeBundle (precompress) must see the pages.
    closeBundle: {
      sequential: true,
      async handler() {
        // Inside the project, so Node finds the packages the built module imports.
        const serverDir = path.join(root, 'node_modules', '.prerender');
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          ...ssr,
          // Everything bundled: one module Node runs as it is, whatever format a package ships.
          ssr: { noExternal: true },
          build: {
            ssr: entry,
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        try {
          const module = (await import(
            pathToFileURL(path.join(serverDir, 'prerender.mjs')).href
          )) as PrerenderModule;
          const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
          await mkdir(path.join(outDir, 'pages'), { recursive: true });
          for (const pagePath of module.PRERENDERED_PATHS) {
            const page = await module.renderPage(pagePath);
            await writeFile(path.join(outDir, pageFile(pagePath)), pageDocument(template, page));
          }
        } finally {
          await rm(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
};
