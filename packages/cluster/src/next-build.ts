/**
 * "The next build" of the questions service for the upgrade-and-rollback test
 * (upgrade-rollback.spec.ts): this tree's sources with next-build/questions.patch applied, which
 * adds a field (`schemaVersion`, 2 by default) and an index on it, as a release that grows its
 * schema would. Built like every product image (@mcat/runner/images), from a copy of the files the
 * Dockerfile reads, as `localhost/mcat-logbook/questions:next`; rebuilt only when those change.
 * `node --import tsx packages/cluster/src/next-build.ts` builds it (npm test does, beside its first
 * steps, so the cluster test finds it built).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProductImage, PRODUCT_IMAGES } from '@mcat/runner/images';
import { imageInputs } from '@mcat/runner/image-sources';
import { REPO_ROOT } from '@mcat/runner/ports';

export const NEXT_QUESTIONS_IMAGE = 'localhost/mcat-logbook/questions:next';

/** The field and the index the next build adds (next-build/questions.patch). */
export const NEXT_BUILD = {
  field: 'schemaVersion',
  fieldValue: 2,
  index: { userId: 1, schemaVersion: 1 },
} as const;

const PATCH = path.join(__dirname, 'next-build', 'questions.patch');

export function buildNextQuestionsImage(log: (line: string) => void): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-next-build-'));
  try {
    for (const input of imageInputs(REPO_ROOT, PRODUCT_IMAGES.questions)) {
      const source = path.join(REPO_ROOT, input);
      if (fs.existsSync(source)) fs.cpSync(source, path.join(root, input), { recursive: true });
    }
    // A repository of its own, so the image's source key lists its files (image-sources.ts).
    execFileSync('git', ['init', '--quiet'], { cwd: root });
    try {
      execFileSync('git', ['apply', PATCH], { cwd: root, stdio: 'pipe' });
    } catch (error) {
      throw new Error(
        `${path.relative(REPO_ROOT, PATCH)} no longer applies to services/questions: write it again against question.schema.ts (${String(error)})`,
      );
    }
    const started = Date.now();
    buildProductImage('questions', { root, image: NEXT_QUESTIONS_IMAGE });
    log(`${NEXT_QUESTIONS_IMAGE} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return NEXT_QUESTIONS_IMAGE;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  try {
    buildNextQuestionsImage((line) => process.stdout.write(`[next-build] ${line}\n`));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
