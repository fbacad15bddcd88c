// Runs a TypeScript program of the repository in a child process the way jest runs the tests
// (SWC with decorator metadata, the workspace packages read from their sources), for tests that
// need a real process: `node -r ./packages/service-kit/test/support/ts-register.cjs program.ts`.
const Module = require('node:module');
const path = require('node:path');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const sources = {
  '@mcat/contracts': 'packages/contracts/src/index.ts',
  '@mcat/service-kit': 'packages/service-kit/src/index.ts',
  '@mcat/service-kit/core': 'packages/service-kit/src/core.ts',
  '@mcat/service-kit/testing': 'packages/service-kit/src/testing/index.ts',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const source = sources[request];
  return resolveFilename.call(this, source ? path.join(root, source) : request, ...rest);
};

addHook(
  (code, filename) =>
    transformSync(code, {
      filename,
      sourceMaps: 'inline',
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);
