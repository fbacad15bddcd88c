import { ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';
import { SESSION_VERSIONS_SYNCED_KEY, sessionVersionKey } from './token';
import type { SessionVersionSource } from './token-verifier';

/** A 503, not a 401: a 401 makes the web app drop the token and sign the student out. */
export const SIGN_IN_UNAVAILABLE =
  'Sign-in check is temporarily unavailable. Please try again in a moment.';

/**
 * Reads a user's session version from the Redis copy the auth service keeps. A missing key means
 * version 0, but only while the `synced` marker says the copy is whole: without it (Redis lost its
 * data and auth has not written the versions again yet), or with Redis unreachable, no token can be
 * checked and the request answers 503 rather than honour a token voided by a password change.
 */
export function redisSessionVersions(redis: Redis): SessionVersionSource {
  return async (userId) => {
    const [version, synced] = await redis
      .mget(sessionVersionKey(userId), SESSION_VERSIONS_SYNCED_KEY)
      .catch(() => {
        throw new ServiceUnavailableException(SIGN_IN_UNAVAILABLE);
      });
    if (synced === null || synced === undefined) {
      throw new ServiceUnavailableException(SIGN_IN_UNAVAILABLE);
    }
    return Number(version ?? 0);
  };
}
