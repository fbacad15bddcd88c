import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@mcat/contracts';
import type { TokenClaims } from './token';

export const IS_PUBLIC = 'mcat:isPublic';
export const REQUIRED_ROLES = 'mcat:requiredRoles';

/** A route anyone may call without a token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** A route only holders of one of these roles may call (others get 403). */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator =>
  SetMetadata(REQUIRED_ROLES, roles);

export interface AuthenticatedRequest {
  user: TokenClaims;
}

/** The verified token's claims of the caller. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): TokenClaims =>
    ctx.switchToHttp().getRequest<AuthenticatedRequest>().user,
);
