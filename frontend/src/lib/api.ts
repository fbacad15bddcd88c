/**
 * The one RTK Query API slice. Features add their endpoints with `api.injectEndpoints`.
 * Every call goes to /api, carries the session's bearer token, and a 401 on a call made with a
 * token dispatches `unauthorized` (the session drops the token and the app goes to /login). A
 * keyed write (`keyedWrite`) whose outcome is unknown is retried once (idempotent-writes.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { retryKeyedWriteOnce, waitBeforeRetry } from './idempotent-writes';

export const unauthorized = createAction('api/unauthorized');
/** The account was deleted: the session ends like a sign-out (not an expiry). */
export const accountDeleted = createAction('api/accountDeleted');

interface TokenState {
  session: { token: string | null };
}

/**
 * Absolute, because fetch outside a page (Vitest's jsdom) has no base to resolve '/api' against.
 * The build's prerender (src/prerender) has no window and sends no request.
 */
const pageOrigin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${pageOrigin}/api`,
  prepareHeaders: (headers, { getState }) => {
    const { token } = (getState() as TokenState).session;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const sentToken = (queryApi.getState() as TokenState).session.token !== null;
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (sentToken && result.error?.status === 401) queryApi.dispatch(unauthorized());
  return result;
};

export const TAG_TYPES = ['User', 'Test', 'Question', 'Tag', 'Config'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: retry(baseQuery, {
    retryCondition: retryKeyedWriteOnce,
    backoff: waitBeforeRetry,
  }),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
