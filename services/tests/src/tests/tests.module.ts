import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InternalTestsController } from './internal-tests.controller';
import { TEST_MODELS } from './test.schema';
import { TestsController } from './tests.controller';
import { TestsService } from './tests.service';

@Module({
  imports: [MongooseModule.forFeature(TEST_MODELS)],
  controllers: [TestsController, InternalTestsController],
  providers: [TestsService],
  exports: [TestsService, MongooseModule],
})
export class TestsModule {}
