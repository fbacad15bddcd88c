// Shared jest settings for every back-end workspace: TypeScript through SWC
// (decorator metadata on, as Nest needs it) and the workspace packages read
// from their sources, so tests never depend on a previous build.
const path = require('node:path');

const root = __dirname;

/** How TypeScript is compiled: decorator metadata on, as Nest needs it. */
const swcOptions = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};

/** The workspace packages, read from their sources. */
const workspaceSources = {
  '@mcat/contracts': path.join(root, 'packages/contracts/src/index.ts'),
  '@mcat/service-kit': path.join(root, 'packages/service-kit/src/index.ts'),
  '@mcat/service-kit/core': path.join(root, 'packages/service-kit/src/core.ts'),
  '@mcat/service-kit/telemetry': path.join(
    root,
    'packages/service-kit/src/telemetry/start-telemetry.ts',
  ),
  '@mcat/service-kit/testing': path.join(root, 'packages/service-kit/src/testing/index.ts'),
};

module.exports = (dir) => ({
  displayName: path.relative(root, dir),
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', swcOptions] },
  moduleNameMapper: {
    ...Object.fromEntries(
      Object.entries(workspaceSources).map(([name, file]) => [`^${name}$`, file]),
    ),
    // These packages have no index: each of their modules is imported by its own path.
    '^@mcat/(test-support|runner|cluster|backup)/(.*)$': path.join(root, 'packages/$1/src/$2'),
  },
  globalSetup: path.join(root, 'packages/test-support/src/jest-global-setup.ts'),
  globalTeardown: path.join(root, 'packages/test-support/src/jest-global-teardown.ts'),
});

module.exports.swcOptions = swcOptions;
module.exports.workspaceSources = workspaceSources;
