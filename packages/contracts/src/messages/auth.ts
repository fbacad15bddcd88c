/**
 * What the auth service answers besides the forms' texts (VALIDATION and ERRORS, product.ts). The
 * web app may show each as is.
 */
export const AUTH_MESSAGES = {
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password updated successfully',
  resetRequested: 'If an account exists for that email, a password reset link has been sent to it.',
  resetTokenValid: 'Reset token is valid',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  userNotFound: 'User not found',
  /** 401: no token. */
  signInRequired: 'Please log in to continue.',
  /** 401: a token that is expired, malformed, of another key or of an ended session. */
  signInAgain: 'Your session has expired or is invalid. Please log in again.',
  /** 503, not 401: a 401 makes the web app drop the token and sign the student out. */
  signInUnavailable: 'Sign-in check is temporarily unavailable. Please try again in a moment.',
  /** 403: signed in, but the route needs a role the account does not have. */
  noAccess: 'You do not have access to this page.',
  /** A new password on the common-password list (register, change, reset). */
  passwordTooCommon: 'This password is too common. Choose a less predictable one.',
} as const;

/** The 429 answer of a rate limit: says when to try again, in whole minutes. */
export const tooManyAttempts = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};
