import type { Role } from '@mcat/contracts';

/** The only algorithm a token may use; anything else (none, HS256…) is refused. */
export const JWT_ALGORITHM = 'RS256' as const;

/** What a verified token says about its holder. */
export interface TokenClaims {
  /** The user id. */
  sub: string;
  roles: Role[];
  /** Session version: a password change or reset bumps it, which voids older tokens. */
  sv: number;
}

/** Redis key of a user's current session version, written by the auth service. */
export const sessionVersionKey = (userId: string): string => `session-version:${userId}`;

/**
 * Present while Redis holds every user's session version: the auth service sets it after writing
 * them all, and it is gone once Redis has lost its data (flush, restart without its file).
 */
export const SESSION_VERSIONS_SYNCED_KEY = 'session-versions:synced';
