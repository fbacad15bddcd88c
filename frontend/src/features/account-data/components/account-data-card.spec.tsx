import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_MESSAGES, ACCOUNT_DATA_TEXTS as T } from '@mcat/contracts';
import { createAppStore } from '../../../app/store';
import { studentUser } from '../../../test-support/fixtures';
import { serverAnswers, type ServerAnswer } from '../../../test-support/render-route';
import { AccountDataCard } from './account-data-card';
import { AccountDeletedNotice } from './account-deleted-notice';

const user = studentUser({ isPremium: true });

const WRONG_PASSWORD = {
  status: 400,
  body: {
    statusCode: 400,
    code: 'VALIDATION',
    message: ACCOUNT_DATA_MESSAGES.deletePasswordIncorrect,
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The card on /profile, with /login showing the deletion notice, against the given answers. */
const open = (answers: Record<string, ServerAnswer>) => {
  const stub = serverAnswers({
    'GET /api/tests': { status: 200, body: [{ _id: 't1' }, { _id: 't2' }] },
    'GET /api/questions': { status: 200, body: [{ _id: 'q1' }, { _id: 'q2' }, { _id: 'q3' }] },
    ...answers,
  });
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<AccountDataCard user={user} />} />
          <Route path="/login" element={<AccountDeletedNotice />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { stub, store };
};

/** How many requests of this method reached the server (the bodies are read by the stub). */
const sent = (stub: ReturnType<typeof serverAnswers>, method: string) =>
  stub.mock.calls.filter(([input, init]) => (init?.method ?? (input as Request).method) === method)
    .length;

describe('the account data card', () => {
  it('downloads the export under its file name, busy while it is prepared', async () => {
    const createObjectURL = vi.fn(() => 'blob:account-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    open({ 'GET /api/auth/me/export': { status: 200, body: { profile: user } } });
    fireEvent.click(screen.getByRole('button', { name: T.exportButton }));
    expect(await screen.findByText(T.exportBusy)).toBeTruthy();
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('mcat-logbook-data.json');
    expect(await screen.findByRole('button', { name: T.exportButton })).toBeTruthy();
    click.mockRestore();
  });

  it("shows the server's message when the export cannot be made", async () => {
    open({
      'GET /api/auth/me/export': {
        status: 503,
        body: {
          statusCode: 503,
          code: 'UNAVAILABLE',
          message: ACCOUNT_DATA_MESSAGES.exportUnavailable('billing'),
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: T.exportButton }));
    expect(
      await screen.findByText(ACCOUNT_DATA_MESSAGES.exportUnavailable('billing')),
    ).toBeTruthy();
  });

  it('names what will be lost, keeps everything on a wrong password, and shows why', async () => {
    const { stub, store } = open({ 'DELETE /api/auth/me': WRONG_PASSWORD });
    fireEvent.click(screen.getByRole('button', { name: T.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    expect(await within(dialog).findByText(T.tests(2))).toBeTruthy();
    expect(within(dialog).getByText(T.questions(3))).toBeTruthy();
    expect(within(dialog).getByText(T.schedules)).toBeTruthy();
    expect(within(dialog).getByText(T.premium)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await within(dialog).findByText('Password is required')).toBeTruthy();
    expect(sent(stub, 'DELETE')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(
      await within(dialog).findByText(ACCOUNT_DATA_MESSAGES.deletePasswordIncorrect),
    ).toBeTruthy();
    expect(sent(stub, 'DELETE')).toBe(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(store.getState().session.expired).toBe(false);
  });

  it('on success ends the session and lands on the login page with a notice', async () => {
    const { store } = open({
      'DELETE /api/auth/me': { status: 200, body: { message: ACCOUNT_DATA_MESSAGES.deleted } },
    });
    fireEvent.click(screen.getByRole('button', { name: T.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    fireEvent.change(within(dialog).getByLabelText(/Password/), {
      target: { value: 'mcat-secret-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.deletedNotice)).toBeTruthy();
    expect(store.getState().session).toMatchObject({
      token: null,
      isAuthenticated: false,
      expired: false,
    });
  });
});
