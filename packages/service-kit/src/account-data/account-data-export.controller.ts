import { Controller, Get, Inject, Param, type Type } from '@nestjs/common';
import { Public } from '../auth/auth.decorators';
import { ObjectIdPipe } from '../http/zod-validation.pipe';
import { ACCOUNT_DATA_EXPORTER, type AccountDataExporter } from './account-data.options';

/**
 * The controller of a service's part of a student's data export, `GET /<internalPath>/:id/export`,
 * read by auth with the service credential: every `/internal/*` route requires it
 * (`requireInternalCredential`), and the gateway only forwards `/api/*`. No user token (`@Public`).
 */
export function accountDataExportController(internalPath: string): Type {
  @Public()
  @Controller(internalPath)
  class InternalAccountDataController {
    constructor(@Inject(ACCOUNT_DATA_EXPORTER) private readonly exporter: AccountDataExporter) {}

    @Get(':id/export')
    export(@Param('id', new ObjectIdPipe('user id')) userId: string): Promise<object> {
      return this.exporter.export(userId);
    }
  }
  return InternalAccountDataController;
}
