/**
 * A Vite plugin that builds the app with React Router's production code. Its package exports
 * only `dist/development` (remix-run/react-router#14102, open as of 7.18), so a production build
 * otherwise ships the development code: its dev-only warnings and checks ran on every page load,
 * and were the largest single part of the router's share of the main thread at start. Development
 * (the dev server, Vitest) keeps the development code and its warnings.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const packageDir = path.dirname(
  createRequire(import.meta.url).resolve('react-router/package.json'),
);
const production = (file: string) => path.join(packageDir, 'dist', 'production', file);

export const reactRouterProduction = (): Plugin => ({
  name: 'react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: production('index.mjs') },
        { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
      ],
    },
  }),
});
