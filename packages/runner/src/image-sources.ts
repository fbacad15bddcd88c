/**
 * What a product image is built from, as one key: the sha256 of every file its Dockerfile copies
 * (tracked or new, as they are in the working tree) and of the base images' ids. `npm run images`
 * labels each image with its key and skips a build whose key is unchanged, because podman 4.3
 * cannot be trusted with its own layer cache here (images.ts builds with --no-cache).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SOURCE_LABEL = 'org.mcat-logbook.source';

/** Every workspace's manifest is copied into every build stage (npm ci needs them all). */
function workspaceManifests(root: string): string[] {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.map((workspace) => `${workspace}/package.json`);
}

/** The paths (files or folders) the Dockerfile of `workspace` copies from the repository. */
export function imageInputs(root: string, workspace: string): string[] {
  const common = [
    '.dockerignore',
    'package.json',
    'package-lock.json',
    'tsconfig.base.json',
    ...workspaceManifests(root),
    'packages/contracts/src',
  ];
  if (workspace === 'frontend') return [...common, 'frontend/Dockerfile', 'frontend'];
  return [
    ...common,
    'Dockerfile',
    'packages/contracts/tsconfig.build.json',
    'packages/service-kit/tsconfig.build.json',
    'packages/service-kit/src',
    `${workspace}/tsconfig.build.json`,
    `${workspace}/src`,
  ];
}

/** The key of the image of `workspace` built on the bases whose ids are given. */
export function imageSourceKey(root: string, workspace: string, baseIds: string[]): string {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      ...imageInputs(root, workspace),
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const files = [...new Set(listed.split('\0').filter(Boolean))].sort();
  const hash = createHash('sha256');
  for (const id of baseIds) hash.update(`base ${id}\n`);
  for (const file of files) {
    const absolute = path.join(root, file);
    // A file deleted but not yet staged is listed and absent: it is not in the build either.
    if (!fs.existsSync(absolute)) continue;
    hash.update(`${file}\n`).update(fs.readFileSync(absolute)).update('\n');
  }
  return hash.digest('hex');
}
