import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '@mcat/service-kit';
import { SIGNING_KEYS } from './sessions.tokens';
import type { SigningKeys } from './signing-keys';

/** The public key set the gateway and the services verify tokens with. */
@Public()
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(SIGNING_KEYS) private readonly keys: SigningKeys) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  jwks(): { keys: SigningKeys['jwk'][] } {
    return { keys: [this.keys.jwk] };
  }
}
