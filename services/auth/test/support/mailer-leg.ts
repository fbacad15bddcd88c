/**
 * The mail leg of auth's mail tests: the mailer service itself, run in this process against auth's
 * Redis (its queue) and a test SMTP server that keeps what it receives.
 */
import type { INestApplication } from '@nestjs/common';
import { bootstrapService, parseConfig } from '@mcat/service-kit';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { freePort } from '@mcat/test-support/private-infra';
import { AppModule as MailerModule } from '../../../mailer/src/app.module';
import { mailerEnvSchema } from '../../../mailer/src/config';
import { SmtpTestServer } from '@mcat/test-support/smtp-test-server';
import { PUBLIC_URL } from './auth-app';

export interface MailerLeg {
  smtp: SmtpTestServer;
  close(): Promise<void>;
}

/** Starts the SMTP server and the mailer; `env` adds to the mailer's settings. */
export async function startMailerLeg(
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<MailerLeg> {
  const smtp = await SmtpTestServer.start();
  const config = parseConfig(mailerEnvSchema, {
    PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl,
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
    ...env,
  });
  let mailer: INestApplication | undefined;
  try {
    mailer = await bootstrapService({ module: MailerModule.register(config), config });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  return {
    smtp,
    close: async () => {
      await mailer?.close();
      await smtp.stop();
    },
  };
}
