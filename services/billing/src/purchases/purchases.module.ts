import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { Purchase, PurchaseSchema } from './purchase.schema';
import { PurchasesService } from './purchases.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Purchase.name, schema: PurchaseSchema }]),
    UsersModule,
  ],
  providers: [PurchasesService],
  exports: [PurchasesService],
})
export class PurchasesModule {}
