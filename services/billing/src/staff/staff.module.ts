import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { StaffController } from './staff.controller';

@Module({ imports: [LedgerModule, WebhooksModule], controllers: [StaffController] })
export class StaffModule {}
