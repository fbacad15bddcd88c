import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_FILE_MAX_BYTES, LIMITS, REQUEST_MESSAGES } from '@mcat/contracts';
import { renderRoute, serverAnswers, type ServerAnswer } from '../../test-support/render-route';
import { TestsRoute } from './tests-route';

const importAnswering = async (answer: ServerAnswer) => {
  serverAnswers({
    'GET /api/tests': { status: 200, body: [] },
    'POST /api/tests/import/excel': answer,
  });
  renderRoute(<TestsRoute />, { pattern: '/tests', path: '/tests' });
  await screen.findByRole('heading', { name: 'No Tests Yet' });
  const spreadsheet = new File(['not really a workbook'], 'tests.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [spreadsheet] } });
  return (await screen.findByRole('alert')).textContent;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a failed import on /tests', () => {
  it('shows the server message after "Failed to import tests: "', async () => {
    expect(
      await importAnswering({
        status: 400,
        body: { statusCode: 400, message: 'The file is not a readable workbook' },
      }),
    ).toBe('Failed to import tests: The file is not a readable workbook');
  });

  it('without a server message asks to try again rather than repeating itself', async () => {
    expect(await importAnswering({ status: 500 })).toBe(
      'Failed to import tests: Please try again.',
    );
  });
});

describe('an import refused by the plan limit on /tests', () => {
  const refusedOn = (plan: 'free' | 'premium'): ServerAnswer => ({
    status: 403,
    body: { statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: 'Refused by the plan', plan },
  });

  it('opens the upgrade prompt for a free user, with nothing inline', async () => {
    serverAnswers({
      'GET /api/tests': { status: 200, body: [] },
      'POST /api/tests/import/excel': refusedOn('free'),
    });
    renderRoute(<TestsRoute />, { pattern: '/tests', path: '/tests' });
    await screen.findByRole('heading', { name: 'No Tests Yet' });
    fireEvent.change(screen.getByTestId('import-file'), {
      target: { files: [new File(['x'], 'tests.xlsx')] },
    });
    const prompt = await screen.findByRole('dialog', { name: 'Free Tier Limit Reached' });
    expect(prompt.textContent).toContain(LIMITS.freeTestsImport);
    expect(screen.queryByText(/Failed to import tests/)).toBeNull();
  });

  it("shows a premium user's limit inline, without the import failure prefix", async () => {
    expect(await importAnswering(refusedOn('premium'))).toBe(LIMITS.premiumTests);
  });

  it('takes a limit text without its code for an ordinary failure', async () => {
    expect(
      await importAnswering({
        status: 403,
        body: { statusCode: 403, code: 'FORBIDDEN', message: LIMITS.freeTestsImport },
      }),
    ).toBe(`Failed to import tests: ${LIMITS.freeTestsImport}`);
  });
});

describe('the import file check on /tests', () => {
  const choose = async (size: number) => {
    const stub = serverAnswers({
      'GET /api/tests': { status: 200, body: [] },
      'POST /api/tests/import/excel': { status: 201, body: { tests: [], errors: [] } },
    });
    renderRoute(<TestsRoute />, { pattern: '/tests', path: '/tests' });
    await screen.findByRole('heading', { name: 'No Tests Yet' });
    const spreadsheet = new File([new Uint8Array(size)], 'tests.xlsx');
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [spreadsheet] } });
    const uploads = () =>
      stub.mock.calls.filter(([input]) =>
        (input instanceof Request ? input.url : String(input)).endsWith('/api/tests/import/excel'),
      );
    return { uploads };
  };

  it("refuses a file over 2 MB without uploading it, with the server's message", async () => {
    const { uploads } = await choose(IMPORT_FILE_MAX_BYTES + 1);
    expect((await screen.findByRole('alert')).textContent).toBe(
      REQUEST_MESSAGES.importFileTooLarge,
    );
    expect(uploads()).toHaveLength(0);
  });

  it('uploads a file of exactly 2 MB', async () => {
    const { uploads } = await choose(IMPORT_FILE_MAX_BYTES);
    await vi.waitFor(() => expect(uploads()).toHaveLength(1));
  });
});
