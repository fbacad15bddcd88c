import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { User, UserSchema } from '../users/user.schema';
import { JwksController } from './jwks.controller';
import {
  RetiredSessionVersion,
  RetiredSessionVersionSchema,
} from './retired-session-version.schema';
import { SessionTokens } from './session-tokens';
import { SessionVersionStore } from './session-version-store';
import { SIGNING_KEYS, SESSION_VERSION_WATCH_MS, TOKEN_LIFETIME_SECONDS } from './sessions.tokens';
import { loadSigningKeys, type KeySource } from './signing-keys';

export interface SessionsOptions extends KeySource {
  JWT_EXPIRES_IN: number;
  /** How often the Redis copy of session versions is checked (default 5 s). */
  sessionVersionWatchMs?: number;
}

/** Tokens (RS256 key pair, JWKS) and session versions. */
@Module({})
export class SessionsModule {
  static register(options: SessionsOptions): DynamicModule {
    return {
      module: SessionsModule,
      global: true,
      imports: [
        MongooseModule.forFeature([
          { name: User.name, schema: UserSchema },
          { name: RetiredSessionVersion.name, schema: RetiredSessionVersionSchema },
        ]),
      ],
      controllers: [JwksController],
      providers: [
        { provide: SIGNING_KEYS, useFactory: () => loadSigningKeys(options) },
        { provide: TOKEN_LIFETIME_SECONDS, useValue: options.JWT_EXPIRES_IN },
        { provide: SESSION_VERSION_WATCH_MS, useValue: options.sessionVersionWatchMs ?? 5000 },
        SessionTokens,
        SessionVersionStore,
      ],
      exports: [SessionTokens, SessionVersionStore],
    };
  }
}
