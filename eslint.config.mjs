import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The house's parts, first match wins (so each test folder is classified before the code it tests).
 * Paths are from the repository root; `captured` names the service, package or feature.
 */
const ELEMENTS = [
  {
    type: 'service-test',
    pattern: 'services/*/test/**',
    partialMatch: false,
    capture: ['service'],
  },
  { type: 'service', pattern: 'services/*/**', partialMatch: false, capture: ['service'] },
  { type: 'gateway-test', pattern: 'gateway/test/**', partialMatch: false },
  { type: 'gateway', pattern: 'gateway/**', partialMatch: false },
  { type: 'test-support', pattern: 'packages/test-support/**', partialMatch: false },
  {
    type: 'package-test',
    pattern: 'packages/*/test/**',
    partialMatch: false,
    capture: ['package'],
  },
  { type: 'package', pattern: 'packages/*/**', partialMatch: false, capture: ['package'] },
  { type: 'e2e', pattern: 'frontend/e2e/**', partialMatch: false },
  { type: 'frontend-test-support', pattern: 'frontend/src/test-support/**', partialMatch: false },
  {
    type: 'feature',
    pattern: 'frontend/src/features/*/**',
    partialMatch: false,
    capture: ['feature'],
  },
  { type: 'frontend-app', pattern: 'frontend/src/{app,prerender}/**', partialMatch: false },
  { type: 'frontend-components', pattern: 'frontend/src/components/**', partialMatch: false },
  { type: 'frontend-lib', pattern: 'frontend/src/lib/**', partialMatch: false },
  { type: 'frontend', pattern: 'frontend/**', partialMatch: false },
  { type: 'chart-test', pattern: 'helm/test/**', partialMatch: false },
  { type: 'scripts', pattern: 'scripts/**', partialMatch: false },
];

/**
 * Files some policies single out: how a service is booted in-process (its module, config and
 * start), and the web app's specs.
 */
const FILES = [
  { category: 'service-entry', pattern: 'services/*/src/{start,app.module,config}.ts' },
  { category: 'frontend-spec', pattern: 'frontend/src/**/*.spec.{ts,tsx}' },
];

const SERVICE = ['service', 'service-test'];
const WEB_SHARED = ['frontend-lib', 'frontend-components'];
const WEB_APP = [...WEB_SHARED, 'feature', 'frontend-app'];
const APPS = [
  ...SERVICE,
  'gateway',
  'gateway-test',
  ...WEB_APP,
  'frontend-test-support',
  'frontend',
  'e2e',
];
const TEST_CODE = ['service-test', 'gateway-test', 'package-test', 'e2e', 'chart-test'];
const anyOf = (types) => ({ to: { element: { types: { anyOf: types } } } });

/** The house rules (docs/architecture.md), one policy each; anything not forbidden is allowed. */
const POLICIES = [
  {
    from: { element: { types: { anyOf: SERVICE } } },
    disallow: {
      to: {
        element: {
          types: { anyOf: SERVICE },
          captured: { service: '!{{ from.element.captured.service }}' },
        },
      },
    },
    message: 'A service never imports another service: they talk over HTTP and events.',
  },
  {
    // The exception: a service's integration tests may boot a neighbour in-process through its
    // entry (auth's mail tests run the mailer, questions' tests run tests), never its internals.
    from: { element: { type: 'service-test' } },
    allow: { to: { element: { type: 'service' }, file: { categories: 'service-entry' } } },
  },
  {
    from: { element: { types: { anyOf: SERVICE } } },
    disallow: anyOf(['gateway', 'gateway-test']),
    message: 'A service never imports the gateway.',
  },
  {
    from: { element: { types: { anyOf: ['gateway', 'gateway-test'] } } },
    disallow: anyOf(SERVICE),
    message: 'The gateway never imports a service: it proxies to them over HTTP.',
  },
  {
    from: { element: { types: { anyOf: ['package', 'package-test'] } } },
    disallow: anyOf([...APPS, 'chart-test']),
    message: 'A package imports no app: it is at the ground.',
  },
  {
    from: { element: { type: 'package' } },
    disallow: anyOf(['test-support']),
    message: 'Shipped code never imports test support.',
  },
  {
    from: { element: { type: 'test-support' } },
    disallow: anyOf([...APPS, 'chart-test']),
    message:
      "Test support is shared by every suite: it imports packages (the runner's modules from @mcat/runner), no app.",
  },
  {
    from: { element: { type: 'feature' } },
    disallow: {
      to: {
        element: {
          type: 'feature',
          captured: { feature: '!{{ from.element.captured.feature }}' },
        },
      },
    },
    message:
      'A frontend feature never imports another feature: src/app composes them; share through src/lib or src/components.',
  },
  {
    from: { element: { types: { anyOf: WEB_SHARED } } },
    disallow: anyOf(['feature', 'frontend-app']),
    message:
      "The web app's shared code (src/lib, src/components) imports no feature and nothing of src/app or src/prerender: they build on it.",
  },
  {
    from: { element: { type: 'frontend-lib' } },
    disallow: anyOf(['frontend-components']),
    message: "src/lib is the web app's ground: it imports no component of src/components.",
  },
  {
    from: { element: { type: 'feature' } },
    disallow: anyOf(['frontend-app']),
    message:
      'A frontend feature never imports src/app or src/prerender (store, routes, hooks): they compose the features.',
  },
  {
    from: { element: { types: { anyOf: WEB_APP } } },
    disallow: anyOf(['frontend-test-support']),
    message: "The web app's shipped code never imports its test support (src/test-support).",
  },
  {
    // The exception: a web app spec, and src/test-support, render their subject in the real app
    // (its store and providers from src/app). The rules between features still hold for them.
    from: [
      { file: { categories: 'frontend-spec' } },
      { element: { type: 'frontend-test-support' } },
    ],
    allow: anyOf(['frontend-app', 'frontend-test-support']),
  },
  {
    from: { element: { types: { anyOf: TEST_CODE } } },
    disallow: anyOf(['scripts']),
    message: 'Test code takes what it needs from @mcat/test-support, never from scripts/.',
  },
  {
    // After the rule for test code, so that a package's tests get this message (the last rule that
    // matches speaks). The runner, the cluster builder and the backups are packages
    // (docs/adr/0038-the-runner-as-a-package.md).
    from: { element: { types: { anyOf: ['package', 'package-test', 'test-support'] } } },
    disallow: anyOf(['scripts']),
    message:
      'Nothing under packages/ imports from scripts/: scripts/ holds the entry points only, which import the packages by name.',
  },
  {
    from: { element: { type: 'scripts' } },
    disallow: anyOf([...APPS, 'chart-test']),
    message:
      "Scripts run the apps as processes and never import their code (grant-role runs the auth service's own command).",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-data/**',
      'artifacts/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-warning-comments': ['error', { terms: ['todo', 'fixme'], location: 'start' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'frontend/e2e/**/*.ts', 'frontend/bench/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/files': FILES,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] } },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: POLICIES }] },
  },
  prettier,
);
