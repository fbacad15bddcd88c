import {
  ForbiddenException,
  Inject,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type Redis from 'ioredis';
import { AUTH_MESSAGES, type Role } from '@mcat/contracts';
import { REDIS } from '../infra/redis';
import { IS_PUBLIC, REQUIRED_ROLES } from './auth.decorators';
import { JwksKeyStore } from './jwks-key-store';
import { redisSessionVersions } from './session-versions';
import type { TokenClaims } from './token';
import { TokenVerifier } from './token-verifier';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  user?: TokenClaims;
}

/**
 * Every route needs a valid token unless marked @Public(): signed by the auth service's key
 * (RS256 only), not expired, and of the user's current session version (see TokenVerifier). While
 * the session versions in Redis cannot be trusted, every token answers 503 (see session-versions).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly verifier: TokenVerifier;

  constructor(
    private readonly reflector: Reflector,
    keys: JwksKeyStore,
    @Inject(REDIS) redis: Redis,
  ) {
    this.verifier = new TokenVerifier(keys, redisSessionVersions(redis));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<RequestLike>();
    const claims = await this.verifier.verify(request.headers.authorization);
    request.user = claims;

    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (required?.length && !required.some((role) => claims.roles.includes(role))) {
      throw new ForbiddenException(AUTH_MESSAGES.noAccess);
    }
    return true;
  }
}
