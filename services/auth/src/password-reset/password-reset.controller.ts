import { Body, Controller, Get, HttpCode, Param, Post, Req, UseFilters } from '@nestjs/common';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  type ForgotPasswordBody,
  type MessageResponse,
  type ResetPasswordBody,
} from '@mcat/contracts';
import { Public, TooManyAttemptsFilter, ZodValidationPipe } from '@mcat/service-kit';
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../rate-limit/client-ip';
import { PasswordResetService } from './password-reset.service';

@Public()
@Controller('api/auth')
@UseFilters(TooManyAttemptsFilter)
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post('forgot-password')
  @HttpCode(200)
  forgot(
    @Body(new ZodValidationPipe(forgotPasswordSchema)) body: ForgotPasswordBody,
    @Req() request: FastifyRequest,
  ): Promise<MessageResponse> {
    return this.resets.requestReset(body.email, clientIp(request));
  }

  @Get('reset-password/:token')
  validate(@Param('token') token: string): Promise<MessageResponse> {
    return this.resets.validate(token);
  }

  @Post('reset-password/:token')
  @HttpCode(200)
  reset(
    @Param('token') token: string,
    @Body(new ZodValidationPipe(resetPasswordSchema)) body: ResetPasswordBody,
  ): Promise<MessageResponse> {
    return this.resets.reset(token, body.password);
  }
}
