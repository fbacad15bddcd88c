import { Module } from '@nestjs/common';
import { PurchasesModule } from '../purchases/purchases.module';
import { CouponsService } from './coupons.service';

@Module({
  imports: [PurchasesModule],
  providers: [CouponsService],
  exports: [CouponsService],
})
export class CouponsModule {}
