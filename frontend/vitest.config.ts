import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.spec.{ts,tsx}', 'vite-plugins/**/*.spec.ts'],
      restoreMocks: true,
      // As the jest projects': typing through a whole form on a loaded machine is slow, not wrong.
      testTimeout: 30_000,
    },
  }),
);
