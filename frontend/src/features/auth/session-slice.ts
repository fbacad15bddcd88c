/**
 * The session: token, user, isAuthenticated, loading (true until the stored
 * token is checked) and the last auth error. Server answers arrive through the auth endpoints.
 */
import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { ERRORS, type User } from '@mcat/contracts';
import { apiErrorMessage } from '../../lib/api-error';
import { accountDeleted, unauthorized } from '../../lib/api';
import { readStoredToken } from '../../lib/browser-storage';
import { authApi } from './api/auth-api';

export interface SessionState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  /** The API refused the session's token (a 401): the app sends the user to /login. */
  expired: boolean;
  /** The user deleted the account: the app sends them to /login with a notice. */
  deleted: boolean;
}

export const initialSessionState = (): SessionState => ({
  token: readStoredToken(),
  user: null,
  isAuthenticated: false,
  loading: true,
  error: null,
  expired: false,
  deleted: false,
});

const signedOut = (state: SessionState): void => {
  state.token = null;
  state.user = null;
  state.isAuthenticated = false;
  state.loading = false;
};

const signedIn = (state: SessionState, token: string, user: User): void => {
  state.token = token;
  state.user = user;
  state.isAuthenticated = true;
  state.loading = false;
  state.error = null;
  state.expired = false;
  state.deleted = false;
};

const { endpoints } = authApi;

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    noStoredSession(state) {
      state.loading = false;
    },
    logout(state) {
      signedOut(state);
      state.expired = false;
      state.deleted = false;
    },
    clearError(state) {
      state.error = null;
    },
    /** The server's newer copy of the signed-in user (after an upgrade to premium). */
    userUpdated(state, { payload }: PayloadAction<User>) {
      if (state.isAuthenticated) state.user = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(accountDeleted, (state) => {
        signedOut(state);
        state.expired = false;
        state.deleted = true;
      })
      .addCase(unauthorized, (state) => {
        signedOut(state);
        state.expired = true;
      })
      .addMatcher(endpoints.getMe.matchFulfilled, (state, { payload }) => {
        state.user = payload;
        state.isAuthenticated = true;
        state.loading = false;
        state.error = null;
      })
      .addMatcher(endpoints.getMe.matchRejected, (state, action) => {
        if (action.meta.condition) return;
        signedOut(state);
        state.error = apiErrorMessage(action.payload, ERRORS.sessionLoad);
      })
      .addMatcher(endpoints.login.matchFulfilled, (state, { payload }) =>
        signedIn(state, payload.token, payload.user),
      )
      .addMatcher(endpoints.register.matchFulfilled, (state, { payload }) =>
        signedIn(state, payload.token, payload.user),
      )
      .addMatcher(endpoints.login.matchRejected, (state, { payload }) => {
        state.error = apiErrorMessage(payload, ERRORS.login);
      })
      .addMatcher(endpoints.register.matchRejected, (state, { payload }) => {
        state.error = apiErrorMessage(payload, ERRORS.register);
      })
      .addMatcher(endpoints.updateProfile.matchFulfilled, (state, { payload }) => {
        state.user = payload;
        state.error = null;
      })
      .addMatcher(endpoints.updateProfile.matchRejected, (state, { payload }) => {
        state.error = apiErrorMessage(payload, ERRORS.profileUpdate);
      })
      .addMatcher(endpoints.changePassword.matchFulfilled, (state, { payload }) => {
        state.token = payload.token;
        state.error = null;
      })
      .addMatcher(endpoints.changePassword.matchRejected, (state, { payload }) => {
        state.error = apiErrorMessage(payload, ERRORS.passwordChange);
      });
  },
});

export const { noStoredSession, logout, clearError, userUpdated } = sessionSlice.actions;

interface SessionRoot {
  session: SessionState;
}

/** On start: load the user of a stored token, or end loading at once when there is none. */
export const startSession =
  (): ThunkAction<void, SessionRoot, unknown, UnknownAction> => (dispatch, getState) => {
    if (getState().session.token) void dispatch(endpoints.getMe.initiate());
    else dispatch(noStoredSession());
  };

export const selectSession = (state: SessionRoot): SessionState => state.session;
export const selectCurrentUser = (state: SessionRoot): User | null => state.session.user;
