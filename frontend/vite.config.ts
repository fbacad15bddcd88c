import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appChunk } from './vite-plugins/app-chunk';
import { precompress } from './vite-plugins/precompress';
import { prerender } from './vite-plugins/prerender';
import { reactRouterProduction } from './vite-plugins/react-router-production';

const contractsEntry = fileURLToPath(
  new URL('../packages/contracts/src/index.ts', import.meta.url),
);
const isContractsModule = (id: string) => id.includes('/packages/contracts/src/');

const resolve = { alias: { '@mcat/contracts': contractsEntry } };

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    appChunk({
      entry: '/src/main.tsx',
      entryChunk: 'start',
      stages: '/src/app/load-app.ts',
      meta: 'app-modules',
      ownChunks: {
        schemas: (id) => id.includes('/packages/contracts/src/schemas/') || id.includes('/zod/'),
      },
    }),
    prerender({ entry: 'src/prerender/render-page.tsx', ssr: { plugins: [react()], resolve } }),
    precompress(),
  ],
  resolve,
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // The contracts' modules only declare values: a page that imports a constant need not
      // evaluate (and download) every zod schema next to it.
      treeshake: { moduleSideEffects: (id) => !isContractsModule(id) },
    },
  },
});
