import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support/chart';
import {
  copyOf,
  deletedByFind,
  parseDockerfile,
  removedByRm,
  withBuildArgs,
} from './support/dockerfile';

/** Each image: its Dockerfile and build args (skaffold.yaml and scripts/images.ts pass the same). */
const IMAGES: Record<string, { file: string; buildArgs: Record<string, string> }> = {
  gateway: { file: 'Dockerfile', buildArgs: { SERVICE: 'gateway' } },
  auth: { file: 'Dockerfile', buildArgs: { SERVICE: 'services/auth' } },
  tests: { file: 'Dockerfile', buildArgs: { SERVICE: 'services/tests' } },
  questions: { file: 'Dockerfile', buildArgs: { SERVICE: 'services/questions' } },
  billing: { file: 'Dockerfile', buildArgs: { SERVICE: 'services/billing' } },
  mailer: { file: 'Dockerfile', buildArgs: { SERVICE: 'services/mailer' } },
  frontend: { file: 'frontend/Dockerfile', buildArgs: {} },
};

/** Paths that hold sources, tests or build tooling, never something the final image runs. */
const SOURCE_ONLY = [
  /(^|\/)src(\/|$)/,
  /(^|\/)test(\/|$)/,
  /(^|\/)e2e(\/|$)/,
  /\.spec\./,
  /\.test\./,
  /tsconfig/,
  /\.ts$/,
  /jest\.config/,
  /vite\.config/,
  /^\.$/,
  /^\.\/?$/,
];

/** Files tsc emits next to the JavaScript that nothing runs: declarations, source maps, build info. */
const COMPILE_ONLY = ['*.d.ts', '*.map', '*.tsbuildinfo'];

/** Folders of test helpers (e.g. packages/service-kit/src/testing) under a package's src. */
const TEST_HELPER_FOLDER = /^(testing|test-support)$/;

function testHelperFolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = path.join(dir, entry.name);
      return TEST_HELPER_FOLDER.test(entry.name) ? [child] : testHelperFolders(child);
    });
}

/** The dist folders a test helper folder of this package compiles to (relative to the root). */
const compiledTestHelpers = (dist: string): string[] => {
  const source = path.join(REPO_ROOT, path.dirname(dist), 'src');
  return testHelperFolders(source).map((folder) =>
    path.join(dist, path.relative(source, folder)).split(path.sep).join('/'),
  );
};

const read = (file: string, buildArgs: Record<string, string>) =>
  parseDockerfile(withBuildArgs(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), buildArgs));

describe('the Dockerfiles', () => {
  it('are the root one, built once per back-end workspace, and the web app’s', () => {
    const dockerfiles = ['Dockerfile', 'gateway', 'services', 'packages', 'frontend'].flatMap(
      (dir) =>
        dir === 'Dockerfile'
          ? ['Dockerfile']
          : fs
              .readdirSync(path.join(REPO_ROOT, dir), { recursive: true, encoding: 'utf8' })
              .filter((file) => /(^|\/)Dockerfile$/.test(file) && !file.includes('node_modules'))
              .map((file) => `${dir}/${file}`),
    );
    expect(dockerfiles.sort()).toEqual(['Dockerfile', 'frontend/Dockerfile']);
  });
});

describe.each(Object.entries(IMAGES))('the %s image', (deployable, { file, buildArgs }) => {
  const { stages } = read(file, buildArgs);
  const final = stages[stages.length - 1]!;

  it('starts every stage from a local base image, never a registry’s', () => {
    const bases = stages.map((stage) => stage.base);
    const stageNames = stages.map((stage) => stage.name);
    expect(
      bases.filter((base) => !base.startsWith('localhost/') && !stageNames.includes(base)),
    ).toEqual([]);
  });

  it('is built in several stages', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
  });

  it('runs as a non-root user in its final stage', () => {
    const users = final.instructions.filter((instruction) => instruction.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1]!.args.split(':')[0]!;
    expect(user).toMatch(/^\d+$/);
    expect(Number(user)).toBeGreaterThan(0);
  });

  it('copies no sources, tests or build configuration into the final stage', () => {
    const copies = final.instructions
      .filter((instruction) => ['COPY', 'ADD'].includes(instruction.keyword))
      .map(copyOf);
    const offending = copies.flatMap((copy) =>
      copy.sources.filter((source) => SOURCE_ONLY.some((pattern) => pattern.test(source))),
    );
    expect(offending).toEqual([]);
    expect(final.instructions.some((instruction) => instruction.keyword === 'ADD')).toBe(false);
  });

  it('runs its process in the foreground (CMD in exec form)', () => {
    const command = final.instructions.filter((instruction) => instruction.keyword === 'CMD').pop();
    expect(command?.args).toMatch(/^\[/);
  });

  it('has no npm or package installation in its final stage', () => {
    const runs = final.instructions.filter((instruction) => instruction.keyword === 'RUN');
    expect(runs).toEqual([]);
  });

  if (deployable === 'frontend') {
    it('serves the built bundle with nginx running unprivileged', () => {
      expect(final.base).toMatch(/^localhost\/mcat-web:/);
      expect(final.instructions.find((instruction) => instruction.keyword === 'CMD')?.args).toBe(
        '["nginx", "-e", "stderr", "-g", "daemon off;"]',
      );
      const copies = final.instructions
        .filter((instruction) => instruction.keyword === 'COPY')
        .map(copyOf);
      expect(copies).toContainEqual({
        from: 'build',
        sources: ['/app/frontend/dist'],
        destination: '/usr/share/nginx/html',
      });
    });
    it('builds the web app without source maps', () => {
      const viteConfig = fs.readFileSync(path.join(REPO_ROOT, 'frontend/vite.config.ts'), 'utf8');
      expect(viteConfig).toMatch(/build:\s*{[^}]*sourcemap:\s*false/);
    });
  } else {
    const workspace = buildArgs.SERVICE!;

    it('runs node under tini, which forwards SIGTERM to it', () => {
      expect(final.base).toMatch(/^localhost\/mcat-node:/);
      expect(
        final.instructions.find((instruction) => instruction.keyword === 'ENTRYPOINT')?.args,
      ).toBe('["/usr/bin/tini", "--"]');
    });

    it('installs production dependencies only, of this workspace only, for the final stage', () => {
      const runs = stages
        .flatMap((stage) => stage.instructions)
        .filter((instruction) => instruction.keyword === 'RUN');
      expect(runs.map((run) => run.args)).toContainEqual(
        expect.stringMatching(new RegExp(`npm ci .*--omit=dev.*-w ${workspace}(\\s|$)`)),
      );
      const copies = final.instructions
        .filter((instruction) => instruction.keyword === 'COPY')
        .map(copyOf);
      const fromBuild = copies
        .filter((copy) => copy.from === 'build')
        .flatMap((copy) => copy.sources);
      expect(fromBuild.every((source) => source.endsWith('/dist'))).toBe(true);
      expect(fromBuild).toContain(`/app/${workspace}/dist`);
      expect(final.instructions.find((instruction) => instruction.keyword === 'CMD')?.args).toBe(
        '["node", "dist/main.js"]',
      );
    });

    it('carries no declarations, source maps, build info or test helpers into the final stage', () => {
      const build = stages.find((stage) => stage.name === 'build')!;
      const compiled = build.instructions.findIndex(
        (instruction) => instruction.args === `npx tsc -b ${workspace}/tsconfig.build.json`,
      );
      expect(compiled).toBeGreaterThanOrEqual(0);
      const afterCompile = build.instructions
        .slice(compiled + 1)
        .filter((instruction) => instruction.keyword === 'RUN')
        .map((instruction) => instruction.args);
      const dists = final.instructions
        .filter((instruction) => instruction.keyword === 'COPY')
        .map(copyOf)
        .filter((copy) => copy.from === 'build')
        .flatMap((copy) => copy.sources.map((source) => source.replace(/^\/app\//, '')));
      expect(dists).toContain('packages/service-kit/dist');
      const deleted = deletedByFind(afterCompile);
      const removed = removedByRm(afterCompile);
      const carried = dists.flatMap((dist) => [
        ...COMPILE_ONLY.filter((name) => !(deleted.get(dist) ?? []).includes(name)).map(
          (name) => `${dist}/**/${name}`,
        ),
        ...compiledTestHelpers(dist).filter((helpers) => !removed.includes(helpers)),
      ]);
      expect(carried).toEqual([]);
    });

    it('compiles the workspace with its TypeScript build configuration', () => {
      const build = stages.find((stage) => stage.name === 'build');
      expect(build?.instructions.map((instruction) => instruction.args)).toContain(
        `npx tsc -b ${workspace}/tsconfig.build.json`,
      );
    });

    it('copies every workspace package.json, so npm ci can check the lockfile', () => {
      const rootPackage = JSON.parse(
        fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
      ) as { workspaces: string[] };
      const manifests = stages[0]!.instructions
        .filter((instruction) => instruction.keyword === 'COPY')
        .flatMap((instruction) => copyOf(instruction).sources);
      for (const ws of rootPackage.workspaces) expect(manifests).toContain(`${ws}/package.json`);
    });
  }
});

describe('the build context (.dockerignore)', () => {
  it('leaves out dependencies, builds, data, git, secrets and tests', () => {
    const ignored = fs.readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of [
      '**/node_modules',
      '**/dist',
      '.git',
      '.data',
      '.test-data',
      '.env',
      '**/*.pem',
      '**/test',
      '**/*.spec.ts',
    ]) {
      expect(ignored).toContain(entry);
    }
  });
});
