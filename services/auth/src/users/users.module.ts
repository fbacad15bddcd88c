import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PasswordHasher } from '../passwords/password-hasher';
import { InternalUsersController } from './internal-users.controller';
import { UserPlanCache } from './user-plan.cache';
import { User, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UserEventsController } from './users.consumer';
import { UsersService } from './users.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  controllers: [UsersController, InternalUsersController, UserEventsController],
  providers: [UsersService, UserPlanCache, PasswordHasher],
  exports: [UsersService],
})
export class UsersModule {}
