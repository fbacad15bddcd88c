import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { IDEMPOTENCY_MODELS } from '@mcat/service-kit';
import { InternalTestsController } from './internal-tests.controller';
import { ScoredTestsCache } from './scored-tests.cache';
import { TEST_MODELS } from './test.schema';
import { TestsController } from './tests.controller';
import { TestsService } from './tests.service';

@Module({
  imports: [MongooseModule.forFeature([...TEST_MODELS, ...IDEMPOTENCY_MODELS])],
  controllers: [TestsController, InternalTestsController],
  providers: [TestsService, ScoredTestsCache],
  exports: [TestsService, ScoredTestsCache, MongooseModule],
})
export class TestsModule {}
