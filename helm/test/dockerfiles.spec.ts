import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support/chart';
import { copyOf, parseDockerfile } from './support/dockerfile';

const DOCKERFILES: Record<string, string> = {
  gateway: 'gateway/Dockerfile',
  auth: 'services/auth/Dockerfile',
  tests: 'services/tests/Dockerfile',
  questions: 'services/questions/Dockerfile',
  billing: 'services/billing/Dockerfile',
  mailer: 'services/mailer/Dockerfile',
  frontend: 'frontend/Dockerfile',
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

const read = (file: string) => parseDockerfile(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));

describe.each(Object.entries(DOCKERFILES))('the %s image (%s)', (deployable, file) => {
  const { stages } = read(file);
  const final = stages[stages.length - 1]!;

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

  if (deployable === 'frontend') {
    it('serves the built bundle with nginx running unprivileged', () => {
      expect(final.base).toMatch(/nginx-unprivileged|NGINX_IMAGE/);
      const copies = final.instructions
        .filter((instruction) => instruction.keyword === 'COPY')
        .map(copyOf);
      expect(copies).toContainEqual({
        from: 'build',
        sources: ['/app/frontend/dist'],
        destination: '/usr/share/nginx/html',
      });
    });
  } else {
    const workspace = path.dirname(file);

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
