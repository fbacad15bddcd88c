import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_MESSAGES } from '@mcat/contracts';
import { AccountDeletedNotice } from '../features/account-data/components/account-deleted-notice';
import { authApi } from '../features/auth/api/auth-api';
import { accountDeleted } from '../lib/api';
import { studentUser } from '../test-support/fixtures';
import { serverAnswers } from '../test-support/render-route';
import { RequireSession } from './route-guards';
import { createAppStore } from './store';

const user = studentUser();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A signed-in student on the protected /profile, with / and /login to land on. */
const signedInOnProfile = async () => {
  serverAnswers({ 'POST /api/auth/login': { status: 200, body: { token: 't', user } } });
  const store = createAppStore();
  await store.dispatch(
    authApi.endpoints.login.initiate({ email: user.email, password: 'mcat-secret-1' }),
  );
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route element={<RequireSession />}>
            <Route path="/profile" element={<h1>Your Profile</h1>} />
          </Route>
          <Route path="/" element={<h1>Landing</h1>} />
          <Route path="/login" element={<AccountDeletedNotice />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  expect(await screen.findByRole('heading', { name: 'Your Profile' })).toBeTruthy();
  return store;
};

describe('RequireSession', () => {
  it('sends a student who deleted the account to /login with the notice, not to /', async () => {
    const store = await signedInOnProfile();
    store.dispatch(accountDeleted());
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.deletedNotice)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Landing' })).toBeNull();
  });

  it('sends a student who signed out to /', async () => {
    const store = await signedInOnProfile();
    store.dispatch({ type: 'session/logout' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Landing' })).toBeTruthy());
  });
});
