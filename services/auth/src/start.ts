import type { INestApplication } from '@nestjs/common';
import { acceptOneClickForms, bootstrapService } from '@mcat/service-kit';
import type { FastifyInstance } from 'fastify';
import { AppModule, type AuthOverrides } from './app.module';
import type { AuthConfig } from './config';
import { UNSUBSCRIBE_ROUTE } from './review-reminders/unsubscribe.controller';

/**
 * Starts the auth service: HTTP (the one-click unsubscribe route also takes the form bodies of
 * RFC 8058) and its event consumers.
 */
export function startAuthService(
  config: AuthConfig,
  overrides: AuthOverrides = {},
  consumeEvents = true,
): Promise<INestApplication> {
  return bootstrapService({
    module: AppModule.register(config, overrides),
    config,
    consumeEvents,
    oneClickRoutes: [UNSUBSCRIBE_ROUTE],
    beforeListen: async (app) => {
      acceptOneClickForms(app.getHttpAdapter().getInstance() as FastifyInstance);
    },
  });
}
