import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jestCounts, playwrightCounts, summaryLine, withExitCode } from './test-reports';

describe('test reports', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-reports-'));
  const write = (name: string, body: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(body));
    return file;
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads jest and Vitest counts, a suite that could not run counting as a failure', () => {
    const file = write('jest.json', {
      numPassedTests: 12,
      numFailedTests: 1,
      numRuntimeErrorTestSuites: 1,
    });
    expect(jestCounts(file)).toEqual({ passed: 12, failed: 2 });
  });

  it('reads Playwright counts, flaky tests as passed', () => {
    const file = write('pw.json', { stats: { expected: 5, unexpected: 2, flaky: 1 }, errors: [] });
    expect(playwrightCounts(file)).toEqual({ passed: 6, failed: 2 });
  });

  it('counts a missing report, or a failing exit with no failed test, as one failure', () => {
    expect(jestCounts(path.join(dir, 'missing.json'))).toEqual({ passed: 0, failed: 1 });
    expect(withExitCode({ passed: 3, failed: 0 }, 1)).toEqual({ passed: 3, failed: 1 });
    expect(summaryLine({ passed: 3, failed: 1 })).toBe('tests: 3 passed, 1 failed');
  });
});
