/**
 * A Vite plugin that writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file of
 * the build, at each format's highest level (the build pays once; every visit saves), so the
 * gateway (@fastify/static's `preCompressed`) and nginx (`gzip_static`) send the smallest one the
 * browser accepts without compressing on each request. A copy that would not be smaller, or a
 * file under `minBytes`, is not written: the server then sends the file as it is.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text formats (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/** The `.br` and `.gz` copies of one file's content that are smaller than it. */
export function compressedCopies(
  file: string,
  content: Buffer,
): { suffix: string; data: Buffer }[] {
  if (!COMPRESSIBLE.test(file)) return [];
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  return [
    { suffix: '.br', data: brotli },
    { suffix: '.gz', data: gzip },
  ].filter((copy) => copy.data.length < content.length);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export const precompress = ({ minBytes = 1024 }: { minBytes?: number } = {}): Plugin => {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = await readFile(file);
        if (content.length < minBytes) continue;
        for (const copy of compressedCopies(file, content)) {
          await writeFile(`${file}${copy.suffix}`, copy.data);
        }
      }
    },
  };
};
