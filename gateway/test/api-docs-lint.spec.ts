import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { API_ROUTES } from '@mcat/contracts';
import { buildOpenApiDocument } from '../src/api-docs/openapi-document';

const REDOCLY = resolve(__dirname, '../../node_modules/@redocly/cli/bin/cli.js');
const CONFIG = resolve(__dirname, '../redocly.yaml');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string }[];
}

/**
 * The document GET /api/docs answers (ApiDocs builds it the same way, once), linted with Redocly's
 * recommended rules and gateway/redocly.yaml's two reasoned exceptions: no error, no warning.
 */
describe('the API description under Redocly lint', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'api-docs-lint-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('reports no error and no warning with the recommended rules', async () => {
    const file = join(directory, 'openapi.json');
    await writeFile(file, JSON.stringify(buildOpenApiDocument(API_ROUTES)));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [REDOCLY, 'lint', '--extends', 'recommended', '--config', CONFIG, '--format', 'json', file],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = JSON.parse(stdout) as LintReport;
    expect(report.problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
