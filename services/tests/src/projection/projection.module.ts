import { Module } from '@nestjs/common';
import { TestsModule } from '../tests/tests.module';
import { AuthProfileClient } from './auth-profile.client';
import { ProjectionController } from './projection.controller';
import { ProjectionService } from './projection.service';

/** `GET /api/tests/projection` (docs/adr/0024-score-projection.md). */
@Module({
  imports: [TestsModule],
  controllers: [ProjectionController],
  providers: [ProjectionService, AuthProfileClient],
})
export class ProjectionModule {}
