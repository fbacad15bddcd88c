import { ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';
import { AUTH_MESSAGES } from '@mcat/contracts';
import { SESSION_VERSIONS_SYNCED_KEY, sessionVersionKey } from './token';
import type { SessionVersionSource } from './token-verifier';

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
        throw new ServiceUnavailableException(AUTH_MESSAGES.signInUnavailable);
      });
    if (synced === null || synced === undefined) {
      throw new ServiceUnavailableException(AUTH_MESSAGES.signInUnavailable);
    }
    return Number(version ?? 0);
  };
}
