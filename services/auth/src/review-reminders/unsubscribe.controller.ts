import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { reviewReminderUnsubscribePage, type MessageResponse } from '@mcat/contracts';
import { Public } from '@mcat/service-kit';
import type { FastifyReply } from 'fastify';
import { ReviewRemindersService } from './review-reminders.service';

/** The declared path of the one-click address, as the body-type guard names it (start.ts). */
export const UNSUBSCRIBE_ROUTE = '/api/auth/review-reminders/unsubscribe/:token';

/**
 * The List-Unsubscribe address of reminder mails, without sign-in: POST (the mail client's one
 * click, RFC 8058, or the web app's button) turns reminders off; GET (the mail's footer link,
 * opened in a browser or by a link checker) changes nothing and sends the browser to the web
 * app's page, whose button POSTs.
 */
@Public()
@Controller('api/auth/review-reminders/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly reminders: ReviewRemindersService) {}

  @Post(':token')
  @HttpCode(200)
  unsubscribe(@Param('token') token: string): Promise<MessageResponse> {
    return this.reminders.unsubscribe(token);
  }

  @Get(':token')
  @HttpCode(303)
  page(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): void {
    this.reminders.accountOf(token);
    void reply.header('location', reviewReminderUnsubscribePage(token));
  }
}
