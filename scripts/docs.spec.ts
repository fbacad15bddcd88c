/**
 * The documents as a newcomer reads them: a short README, every link between them leading to a
 * file that exists, and every decision record in docs/architecture.md's index.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@mcat/runner/ports';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The Markdown files a reader moves between: the README, docs/ (not the ADRs) and the chart's. */
const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  'helm/README.md',
  ...fs
    .readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('the documents', () => {
  it('keep the README to 150 lines: what it is, the two commands, what runs, the layout, links', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });

  it('link only to files that exist', () => {
    const broken = DOCUMENTS.flatMap((document) =>
      [...read(document).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !fs.existsSync(path.join(REPO_ROOT, path.dirname(document), target)))
        .map((target) => `${document} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it("index every decision record in docs/architecture.md's ADR list", () => {
    const index = read('docs/architecture.md').split('ADRs by topic')[1] ?? '';
    const missing = fs
      .readdirSync(path.join(REPO_ROOT, 'docs', 'adr'))
      .map((name) => /^(\d{4})-/.exec(name)?.[1])
      .filter((number): number is string => number !== undefined)
      .filter((number) => !new RegExp(`\\b${number}\\b`).test(index));
    expect(missing).toEqual([]);
  });
});
