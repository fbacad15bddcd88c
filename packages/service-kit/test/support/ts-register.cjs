// Runs a TypeScript program of the repository in a child process the way jest runs the tests
// (SWC with decorator metadata, the workspace packages read from their sources), for tests that
// need a real process: `node -r ./packages/service-kit/test/support/ts-register.cjs program.ts`.
const Module = require('node:module');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const { swcOptions, workspaceSources } = require('../../../../jest.preset.cjs');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const mapped = workspaceSources[request] ?? request;
  try {
    return resolveFilename.call(this, mapped, ...rest);
  } catch (error) {
    // TypeScript's node16 spelling: a relative `./name.js` import is `./name.ts` in the sources.
    if (error.code !== 'MODULE_NOT_FOUND' || !/^\.\.?\/.*\.js$/.test(mapped)) throw error;
    return resolveFilename.call(this, mapped.replace(/\.js$/, '.ts'), ...rest);
  }
};

addHook(
  (code, filename) => transformSync(code, { ...swcOptions, filename, sourceMaps: 'inline' }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);
