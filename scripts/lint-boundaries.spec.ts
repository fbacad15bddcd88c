/**
 * The house's boundaries are lint rules (eslint.config.mjs, eslint-plugin-boundaries): a snippet
 * placed where it would break one fails `npm run lint`, and an import the house allows passes.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@mcat/runner/ports';

interface Problem {
  ruleId: string | null;
  message: string;
}

interface Snippet {
  filePath: string;
  imports: string;
}

const code = (snippet: Snippet): string =>
  `import * as imported from '${snippet.imports}';\n\nexport const used = imported;\n`;

/** Every snippet's problems, linted in one child process (ESLint starts once). */
function lint(snippets: Snippet[]): Map<string, Problem[]> {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/lint-probe.mjs')], {
    cwd: REPO_ROOT,
    input: JSON.stringify(snippets.map((s) => ({ filePath: s.filePath, code: code(s) }))),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`lint-probe failed: ${run.stderr}`);
  const answers = JSON.parse(run.stdout) as { filePath: string; messages: Problem[] }[];
  return new Map(answers.map((a) => [a.filePath, a.messages]));
}

const forbidden: [string, Snippet, RegExp][] = [
  [
    'a service importing another service',
    { filePath: 'services/tests/src/x.ts', imports: '../../auth/src/users/user.schema' },
    /never imports another service/,
  ],
  [
    "a service's tests importing another service's internals",
    { filePath: 'services/tests/test/x.ts', imports: '../../auth/src/users/user.schema' },
    /never imports another service/,
  ],
  [
    'the gateway importing a service',
    { filePath: 'gateway/src/x.ts', imports: '../../services/auth/src/users/user.schema' },
    /gateway never imports a service/,
  ],
  [
    'a package importing an app',
    { filePath: 'packages/contracts/src/x.ts', imports: '../../../gateway/src/proxy/route-table' },
    /package imports no app/,
  ],
  [
    'a feature importing another feature',
    { filePath: 'frontend/src/features/tests/x.ts', imports: '../auth/api/auth-api' },
    /feature never imports another feature/,
  ],
  [
    "the web app's shared code importing a feature",
    { filePath: 'frontend/src/components/x.ts', imports: '../features/auth/session-slice' },
    /shared code .* imports no feature/,
  ],
  [
    "the web app's shared code importing src/app",
    { filePath: 'frontend/src/lib/x.ts', imports: '../app/store' },
    /shared code .* nothing of src\/app/,
  ],
  [
    "the web app's lib importing a component",
    { filePath: 'frontend/src/lib/x.ts', imports: '../components/submit-button' },
    /src\/lib is the web app's ground/,
  ],
  [
    'a feature importing src/app',
    { filePath: 'frontend/src/features/tests/components/x.ts', imports: '../../../app/hooks' },
    /feature never imports src\/app/,
  ],
  [
    "a feature's spec importing another feature",
    { filePath: 'frontend/src/features/tests/x.spec.ts', imports: '../auth/api/auth-api' },
    /feature never imports another feature/,
  ],
  [
    "the web app's shipped code importing its test support",
    { filePath: 'frontend/src/app/x.ts', imports: '../test-support/render-route' },
    /never imports its test support/,
  ],
  [
    'system tests importing a script',
    { filePath: 'gateway/test/system/x.spec.ts', imports: '../../../scripts/grant-role' },
    /never from scripts/,
  ],
  [
    'browser tests importing a script',
    { filePath: 'frontend/e2e/support/x.ts', imports: '../../../scripts/grant-role' },
    /never from scripts/,
  ],
  [
    'a package importing a script',
    { filePath: 'packages/runner/src/x.ts', imports: '../../../scripts/start' },
    /Nothing under packages\/ imports from scripts\//,
  ],
  [
    "a package's tests importing a script",
    { filePath: 'packages/cluster/test/x.spec.ts', imports: '../../../scripts/cluster-up' },
    /Nothing under packages\/ imports from scripts\//,
  ],
  [
    'test support importing a script',
    { filePath: 'packages/test-support/src/x.ts', imports: '../../../scripts/dead-letters' },
    /Nothing under packages\/ imports from scripts\//,
  ],
  [
    "a script importing the auth service's internals",
    { filePath: 'scripts/x.ts', imports: '../services/auth/src/users/user-changes' },
    /never import their code/,
  ],
];

const allowed: [string, Snippet][] = [
  [
    'a feature importing the shared lib',
    { filePath: 'frontend/src/features/tests/x.ts', imports: '../../lib/dates' },
  ],
  [
    'a feature importing itself',
    { filePath: 'frontend/src/features/tests/x.ts', imports: './api/tests-api' },
  ],
  [
    'the app composing features',
    { filePath: 'frontend/src/app/x.ts', imports: '../features/auth/api/auth-api' },
  ],
  [
    'a shared component importing the lib',
    { filePath: 'frontend/src/components/x.ts', imports: '../lib/use-hydrated' },
  ],
  [
    "a feature's spec rendering in the app's store",
    { filePath: 'frontend/src/features/tests/x.spec.ts', imports: '../../app/store' },
  ],
  [
    "the web app's test support making the app's store",
    { filePath: 'frontend/src/test-support/x.ts', imports: '../app/store' },
  ],
  [
    "a shared component's spec importing the test support",
    { filePath: 'frontend/src/components/x.spec.ts', imports: '../test-support/render-route' },
  ],
  [
    "a service's tests importing its own code",
    { filePath: 'services/tests/test/x.ts', imports: '../src/config' },
  ],
  [
    "a service's tests booting a neighbour through its entry",
    { filePath: 'services/questions/test/x.ts', imports: '../../tests/src/start' },
  ],
  [
    "test support importing the runner's modules",
    { filePath: 'packages/test-support/src/x.ts', imports: '../../runner/src/ports' },
  ],
  [
    'the cluster builder importing the runner',
    { filePath: 'packages/cluster/src/x.ts', imports: '../../runner/src/tools' },
  ],
  [
    "a package's tests importing the test support",
    { filePath: 'packages/backup/test/x.spec.ts', imports: '../../test-support/src/test-env' },
  ],
  [
    'an entry point importing the runner',
    { filePath: 'scripts/x.ts', imports: '../packages/runner/src/stack' },
  ],
  [
    'a service importing a package',
    { filePath: 'services/tests/src/x.ts', imports: '../../../packages/contracts/src/index' },
  ],
];

const boundaryProblems = (problems: Problem[] | undefined): Problem[] =>
  (problems ?? []).filter((p) => p.ruleId === 'boundaries/dependencies');

describe('boundary lint rules', () => {
  let results: Map<string, Problem[]>;
  const keyed = (name: string, snippet: Snippet): Snippet => ({
    ...snippet,
    // One lint per snippet: the same place appears in several cases.
    filePath: snippet.filePath.replace(/(\.spec)?\.ts$/, `-${name.replace(/\W+/g, '-')}$1.ts`),
  });

  beforeAll(() => {
    results = lint([
      ...forbidden.map(([name, snippet]) => keyed(name, snippet)),
      ...allowed.map(([name, snippet]) => keyed(name, snippet)),
    ]);
  }, 120_000);

  it.each(forbidden)('reports %s', (name, snippet, message) => {
    const problems = boundaryProblems(results.get(keyed(name, snippet).filePath));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(message);
  });

  it.each(allowed)('allows %s', (name, snippet) => {
    expect(boundaryProblems(results.get(keyed(name, snippet).filePath))).toEqual([]);
  });
});
