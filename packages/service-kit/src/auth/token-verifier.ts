import { ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AUTH_MESSAGES, ROLES, type Role } from '@mcat/contracts';
import type { JwksKeyStore } from './jwks-key-store';
import { JWT_ALGORITHM, type TokenClaims } from './token';

/**
 * Verifying an RS256 signature costs far more than the rest of a request, and a client sends the
 * same token again and again: a verified token's claims are kept until it expires, at most this
 * long (so a key withdrawn from the JWKS stops being honoured soon), for at most this many tokens.
 */
const VERIFIED_TTL_MS = 5 * 60_000;
const VERIFIED_MAX = 10_000;

interface Verified {
  claims: TokenClaims;
  validUntil: number;
}

/** Reads a user's current session version (0 when none was ever written). */
export type SessionVersionSource = (userId: string) => Promise<number>;

/**
 * Checks a bearer token: signed by one of the auth service's published keys, RS256 only (none,
 * HS256 and every other algorithm are refused), carrying an expiry (`exp`) not yet passed, with
 * well-formed claims and, when a session version source is given, of the user's current session.
 * Any failure is a 401; the auth service's keys or the session versions out of reach, a 503.
 */
export class TokenVerifier {
  private readonly jwt = new JwtService();
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly keys: JwksKeyStore,
    private readonly sessionVersion?: SessionVersionSource,
  ) {}

  async verify(authorization: string | string[] | undefined): Promise<TokenClaims> {
    const value = Array.isArray(authorization) ? authorization[0] : authorization;
    const token = value?.startsWith('Bearer ') ? value.slice(7).trim() : undefined;
    if (!token) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);

    const claims = this.recall(token) ?? (await this.verifySignature(token));
    if (this.sessionVersion && claims.sv !== (await this.sessionVersion(claims.sub))) {
      throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    }
    return claims;
  }

  private recall(token: string): TokenClaims | undefined {
    const entry = this.verified.get(token);
    if (!entry) return undefined;
    if (Date.now() < entry.validUntil) return entry.claims;
    this.verified.delete(token);
    return undefined;
  }

  private async verifySignature(token: string): Promise<TokenClaims> {
    const decoded = this.jwt.decode<{ header?: { kid?: string; alg?: string } } | null>(token, {
      complete: true,
    });
    const kid = decoded?.header?.kid;
    if (!kid || decoded?.header?.alg !== JWT_ALGORITHM)
      throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);

    // The auth service unreachable is no verdict on the token: 503, and the web app keeps the
    // student signed in. A 401 here signed students out while a lost node's auth pod still had
    // its address in the Service (packages/cluster/test/several-nodes.spec.ts).
    const publicKey = await this.keys.publicKey(kid).catch(() => {
      throw new ServiceUnavailableException(AUTH_MESSAGES.signInUnavailable);
    });
    if (!publicKey) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);

    let payload: Record<string, unknown>;
    try {
      payload = await this.jwt.verifyAsync(token, { publicKey, algorithms: [JWT_ALGORITHM] });
    } catch {
      throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    }
    const claims = toClaims(payload);
    // A token without an expiry would be valid for ever: only the auth service's, which has one, pass.
    if (!claims || typeof payload.exp !== 'number')
      throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    this.remember(token, claims, payload.exp);
    return claims;
  }

  private remember(token: string, claims: TokenClaims, exp: number): void {
    const validUntil = Math.min(exp * 1000, Date.now() + VERIFIED_TTL_MS);
    if (this.verified.size >= VERIFIED_MAX) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, validUntil });
  }
}

function toClaims(payload: Record<string, unknown>): TokenClaims | null {
  const { sub, roles, sv } = payload;
  if (typeof sub !== 'string' || typeof sv !== 'number' || !Array.isArray(roles)) return null;
  const known = roles.filter((r): r is Role => (ROLES as readonly string[]).includes(String(r)));
  return { sub, roles: known, sv };
}
