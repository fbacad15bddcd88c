import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ErasedUsers } from '../account-data/erased-users';
import { LedgerModule } from '../ledger/ledger.module';
import { PurchasesModule } from '../purchases/purchases.module';
import { BillingEvent, BillingEventSchema } from './billing-event.schema';
import { BillingEventsService } from './billing-events.service';
import { LiveBillingEvents } from './live-billing-events';
import { WebhooksController } from './webhooks.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: BillingEvent.name, schema: BillingEventSchema }]),
    LedgerModule,
    PurchasesModule,
  ],
  controllers: [WebhooksController],
  providers: [BillingEventsService, LiveBillingEvents, ErasedUsers],
  exports: [BillingEventsService, LiveBillingEvents],
})
export class WebhooksModule {}
