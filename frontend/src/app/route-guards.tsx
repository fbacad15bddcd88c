/** Route guards: protected pages need a session; /login and /register need none. */
import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { LoadingSpinner } from '../components/loading-spinner';
import { accountDeletedState } from '../features/account-data/components/account-deleted-notice';
import { selectSession } from '../features/auth/session-slice';
import { useAppSelector } from './hooks';

/**
 * Signed-out visitors of a protected route are sent to /; a session the API refused (401) is sent
 * to /login instead, and so is a user who just deleted the account, with the notice saying so.
 */
export function RequireSession() {
  const { loading, isAuthenticated, expired, deleted } = useAppSelector(selectSession);
  if (loading) return <LoadingSpinner />;
  if (isAuthenticated) return <Outlet />;
  if (deleted) return <Navigate to="/login" replace state={accountDeletedState} />;
  return <Navigate to={expired ? '/login' : '/'} replace />;
}

/**
 * Users already signed in when they open /login or /register are sent to /dashboard. Signing
 * in on the page itself is left to the form, which knows where to go next.
 */
function SignedOutOnArrival({ signedIn }: { signedIn: boolean }) {
  const [signedInOnArrival] = useState(signedIn);
  return signedInOnArrival ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

export function RequireNoSession() {
  const { loading, isAuthenticated } = useAppSelector(selectSession);
  if (loading) return <LoadingSpinner />;
  return <SignedOutOnArrival signedIn={isAuthenticated} />;
}
