import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PaymentLedger } from './payment-ledger.service';
import { Payment, PaymentSchema } from './payment.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: Payment.name, schema: PaymentSchema }])],
  providers: [PaymentLedger],
  exports: [PaymentLedger],
})
export class LedgerModule {}
