import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InternalTestsController } from './internal-tests.controller';
import { PracticeTest, PracticeTestSchema } from './test.schema';
import { TestsController } from './tests.controller';
import { TestsService } from './tests.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: PracticeTest.name, schema: PracticeTestSchema }])],
  controllers: [TestsController, InternalTestsController],
  providers: [TestsService],
  exports: [TestsService, MongooseModule],
})
export class TestsModule {}
