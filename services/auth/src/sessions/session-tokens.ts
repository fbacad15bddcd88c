import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { JWT_ALGORITHM, type TokenClaims } from '@mcat/service-kit';
import { SIGNING_KEYS, TOKEN_LIFETIME_SECONDS } from './sessions.tokens';
import type { SigningKeys } from './signing-keys';

/** Issues the bearer tokens: RS256, key id in the header, claims {sub, roles, sv}. */
@Injectable()
export class SessionTokens {
  constructor(
    private readonly jwt: JwtService,
    @Inject(SIGNING_KEYS) private readonly keys: SigningKeys,
    @Inject(TOKEN_LIFETIME_SECONDS) private readonly lifetimeSeconds: number,
  ) {}

  issue(claims: TokenClaims): Promise<string> {
    return this.jwt.signAsync(
      { roles: claims.roles, sv: claims.sv },
      {
        algorithm: JWT_ALGORITHM,
        privateKey: this.keys.privateKey,
        keyid: this.keys.kid,
        subject: claims.sub,
        expiresIn: this.lifetimeSeconds,
      },
    );
  }
}
