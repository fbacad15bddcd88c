// Runs a TypeScript program of the repository in a child process the way jest runs the tests
// (SWC with decorator metadata, the workspace packages read from their sources), for tests that
// need a real process: `node -r ./packages/service-kit/test/support/ts-register.cjs program.ts`.
const Module = require('node:module');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const { swcOptions, workspaceSources } = require('../../../../jest.preset.cjs');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, workspaceSources[request] ?? request, ...rest);
};

addHook(
  (code, filename) => transformSync(code, { ...swcOptions, filename, sourceMaps: 'inline' }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);
