import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HealthRegistry } from '@mcat/service-kit';
import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedMail } from './mail-layout';

export const SMTP_OPTIONS = Symbol('SMTP_OPTIONS');

export interface SmtpOptions {
  url: string;
  from: string;
}

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** Stable per job, so a receiver can tell a repeated delivery from a new mail. */
  messageId: string;
}

/** Sends over SMTP_URL with nodemailer; /readyz reports whether the server answers. */
@Injectable()
export class SmtpSender implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(
    @Inject(SMTP_OPTIONS) private readonly options: SmtpOptions,
    health: HealthRegistry,
  ) {
    this.transport = nodemailer.createTransport({
      url: options.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    health.register({ name: 'smtp', isHealthy: () => this.transport.verify() });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
