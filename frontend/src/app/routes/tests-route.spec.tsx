import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
