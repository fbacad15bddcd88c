import { Body, Controller, Delete, Get, HttpCode, Res } from '@nestjs/common';
import {
  ACCOUNT_DATA_FILE_NAME,
  deleteAccountSchema,
  type AccountDataExport,
  type DeleteAccountBody,
  type MessageResponse,
} from '@mcat/contracts';
import { CurrentUser, ZodValidationPipe, type TokenClaims } from '@mcat/service-kit';
import type { FastifyReply } from 'fastify';
import { AccountDataService } from './account-data.service';

@Controller('api/auth')
export class AccountDataController {
  constructor(private readonly accountData: AccountDataService) {}

  @Get('me/export')
  async export(
    @CurrentUser() caller: TokenClaims,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AccountDataExport> {
    const data = await this.accountData.export(caller.sub);
    reply.header('content-disposition', `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`);
    reply.header('cache-control', 'no-store');
    return data;
  }

  @Delete('me')
  @HttpCode(200)
  delete(
    @CurrentUser() caller: TokenClaims,
    @Body(new ZodValidationPipe(deleteAccountSchema)) body: DeleteAccountBody,
  ): Promise<MessageResponse> {
    return this.accountData.delete(caller.sub, body);
  }
}
