import {
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type Redis from 'ioredis';
import { ROLES, type Role } from '@mcat/contracts';
import { REDIS } from '../infra/redis';
import { IS_PUBLIC, REQUIRED_ROLES } from './auth.decorators';
import { JwksKeyStore } from './jwks-key-store';
import { JWT_ALGORITHM, sessionVersionKey, type TokenClaims } from './token';

const SIGN_IN_AGAIN = 'Your session has expired or is invalid. Please log in again.';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  user?: TokenClaims;
}

/**
 * Every route needs a valid token unless marked @Public(): signed by the auth service's key
 * (RS256 only), not expired, and of the user's current session version.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly keys: JwksKeyStore,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<RequestLike>();
    const claims = await this.verify(request.headers.authorization);
    request.user = claims;

    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (required?.length && !required.some((role) => claims.roles.includes(role))) {
      throw new ForbiddenException('You do not have access to this page.');
    }
    return true;
  }

  private async verify(header: string | string[] | undefined): Promise<TokenClaims> {
    const value = Array.isArray(header) ? header[0] : header;
    const token = value?.startsWith('Bearer ') ? value.slice(7).trim() : undefined;
    if (!token) throw new UnauthorizedException('Please log in to continue.');

    const decoded = this.jwt.decode<{ header?: { kid?: string; alg?: string } } | null>(token, {
      complete: true,
    });
    const kid = decoded?.header?.kid;
    if (!kid || decoded?.header?.alg !== JWT_ALGORITHM)
      throw new UnauthorizedException(SIGN_IN_AGAIN);

    const publicKey = await this.keys.publicKey(kid).catch(() => undefined);
    if (!publicKey) throw new UnauthorizedException(SIGN_IN_AGAIN);

    let payload: Record<string, unknown>;
    try {
      payload = await this.jwt.verifyAsync(token, { publicKey, algorithms: [JWT_ALGORITHM] });
    } catch {
      throw new UnauthorizedException(SIGN_IN_AGAIN);
    }
    const claims = toClaims(payload);
    if (!claims) throw new UnauthorizedException(SIGN_IN_AGAIN);

    const current = Number((await this.redis.get(sessionVersionKey(claims.sub))) ?? 0);
    if (claims.sv !== current) throw new UnauthorizedException(SIGN_IN_AGAIN);
    return claims;
  }
}

function toClaims(payload: Record<string, unknown>): TokenClaims | null {
  const { sub, roles, sv } = payload;
  if (typeof sub !== 'string' || typeof sv !== 'number' || !Array.isArray(roles)) return null;
  const known = roles.filter((r): r is Role => (ROLES as readonly string[]).includes(String(r)));
  return { sub, roles: known, sv };
}
