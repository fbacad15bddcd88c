import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { imageSourceKey } from './image-sources';

let root: string;

const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-image-sources-'));
  execFileSync('git', ['init', '-q'], { cwd: root });
  write(
    'package.json',
    JSON.stringify({ workspaces: ['services/auth', 'services/tests', 'frontend'] }),
  );
  write('package-lock.json', '{}');
  write('Dockerfile', 'FROM scratch\n');
  write('services/auth/package.json', '{}');
  write('services/auth/src/main.ts', 'auth v1');
  write('services/tests/package.json', '{}');
  write('services/tests/src/main.ts', 'tests v1');
  write('frontend/package.json', '{}');
  write('frontend/src/main.tsx', 'web v1');
  write('docs/notes.md', 'notes');
  write('.gitignore', 'node_modules\n');
  write('services/auth/node_modules/x/index.js', 'ignored');
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const key = (workspace: string, bases = ['sha256:base']) => imageSourceKey(root, workspace, bases);

describe("a product image's source key", () => {
  it("changes with the image's own sources, new files included, and not with another's", () => {
    const auth = key('services/auth');
    const tests = key('services/tests');
    write('services/auth/src/main.ts', 'auth v2');
    expect(key('services/auth')).not.toBe(auth);
    expect(key('services/tests')).toBe(tests);
    const changed = key('services/auth');
    write('services/auth/src/new-module.ts', 'new');
    expect(key('services/auth')).not.toBe(changed);
  });

  it('changes with the lock file and the base images, not with docs or ignored files', () => {
    const auth = key('services/auth');
    write('docs/notes.md', 'more notes');
    write('services/auth/node_modules/x/index.js', 'still ignored');
    expect(key('services/auth')).toBe(auth);
    expect(key('services/auth', ['sha256:other-base'])).not.toBe(auth);
    write('package-lock.json', '{"changed":true}');
    expect(key('services/auth')).not.toBe(auth);
  });

  it("of the web app follows frontend/, not a service's sources", () => {
    const web = key('frontend');
    write('services/auth/src/main.ts', 'auth v3');
    expect(key('frontend')).toBe(web);
    write('frontend/src/main.tsx', 'web v2');
    expect(key('frontend')).not.toBe(web);
  });
});
