import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockfileProblems, readLockfile, readManifests, type Lockfile } from './lockfile';
import { REPO_ROOT } from './ports';

/** A copy of what npm ci reads (the manifests and the lock, no node_modules) in a temporary folder. */
function copyOfManifests(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-lockfile-'));
  for (const workspace of Object.keys(readManifests(REPO_ROOT))) {
    fs.mkdirSync(path.join(dir, workspace), { recursive: true });
    fs.copyFileSync(
      path.join(REPO_ROOT, workspace, 'package.json'),
      path.join(dir, workspace, 'package.json'),
    );
  }
  fs.copyFileSync(path.join(REPO_ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  return dir;
}

/** `npm ci --dry-run` for a platform: what it would add, or why it refused the lock. */
function npmCiDryRun(dir: string, platform: string[]) {
  const result = spawnSync(
    'npm',
    [
      'ci',
      '--dry-run',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      ...platform,
    ],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } },
  );
  const added = [...result.stdout.matchAll(/^add (\S+) \S+$/gm)].map((match) => match[1]);
  return { status: result.status, stderr: result.stderr, added };
}

const rollup = (optional: Record<string, string>): Lockfile => ({
  lockfileVersion: 3,
  packages: {
    '': { devDependencies: { rollup: '^4.0.0' } },
    'node_modules/rollup': { version: '4.68.7', optionalDependencies: optional },
    'node_modules/@rollup/rollup-linux-x64-gnu': { version: '4.68.7' },
  },
});

describe('package-lock.json', () => {
  it('gives every dependency of every locked package, on every platform, an entry npm ci installs', () => {
    expect(lockfileProblems(readLockfile(REPO_ROOT), readManifests(REPO_ROOT))).toEqual([]);
  });

  it('is reported when another platform’s optional binary has no entry', () => {
    const manifests = { '': { devDependencies: { rollup: '^4.0.0' } } };
    const optional = { '@rollup/rollup-linux-x64-gnu': '4.68.7' };
    expect(lockfileProblems(rollup(optional), manifests)).toEqual([]);
    expect(
      lockfileProblems(rollup({ ...optional, '@rollup/rollup-darwin-arm64': '4.68.7' }), manifests),
    ).toEqual([
      'node_modules/rollup names optional dependency @rollup/rollup-darwin-arm64, which has no entry of its own',
    ]);
  });

  it('is reported when a workspace’s package.json no longer matches its entry', () => {
    const manifests = { '': { devDependencies: { rollup: '^4.1.0' } } };
    expect(lockfileProblems(rollup({}), manifests)).toEqual([
      'root: devDependencies of package.json {"rollup":"^4.1.0"} ≠ lock {"rollup":"^4.0.0"}',
    ]);
  });

  describe('with npm ci --dry-run on a fresh copy', () => {
    let dir: string;
    beforeAll(() => {
      dir = copyOfManifests();
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it.each([
      ['linux x64 glibc', ['--os=linux', '--cpu=x64', '--libc=glibc'], 'linux-x64-gnu'],
      ['linux x64 musl', ['--os=linux', '--cpu=x64', '--libc=musl'], 'linux-x64-musl'],
      ['macOS arm64', ['--os=darwin', '--cpu=arm64'], 'darwin-arm64'],
      ['Windows x64', ['--os=win32', '--cpu=x64'], 'win32-x64-msvc'],
    ])('accepts the lock for %s and installs its native binaries', (_name, platform, suffix) => {
      const { status, stderr, added } = npmCiDryRun(dir, platform);
      expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
      expect(added).toEqual(
        expect.arrayContaining([`@rollup/rollup-${suffix}`, `@swc/core-${suffix}`]),
      );
    });
  });
});
