import { Controller, Get, Param } from '@nestjs/common';
import type { BillingAccountData } from '@mcat/contracts';
import { ObjectIdPipe, Public } from '@mcat/service-kit';
import { AccountDataService } from './account-data.service';

/**
 * The billing service's part of a student's data export, read by auth with the service
 * credential (not routed by the gateway, which only forwards /api/*).
 */
@Public()
@Controller('internal/billing/users')
export class InternalAccountDataController {
  constructor(private readonly accountData: AccountDataService) {}

  @Get(':id/export')
  export(@Param('id', new ObjectIdPipe('user id')) userId: string): Promise<BillingAccountData> {
    return this.accountData.export(userId);
  }
}
