import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { CouponRedemption, CouponRedemptionSchema } from './coupon-redemption.schema';
import { CouponRedemptions } from './coupon-redemptions.service';
import { Purchase, PurchaseSchema } from './purchase.schema';
import { PurchasesService } from './purchases.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Purchase.name, schema: PurchaseSchema },
      { name: CouponRedemption.name, schema: CouponRedemptionSchema },
    ]),
    UsersModule,
  ],
  providers: [PurchasesService, CouponRedemptions],
  exports: [PurchasesService, CouponRedemptions],
})
export class PurchasesModule {}
