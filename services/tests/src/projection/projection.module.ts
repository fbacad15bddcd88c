import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TestsModule } from '../tests/tests.module';
import { AuthProfileClient } from './auth-profile.client';
import { PlannedDate, PlannedDateSchema } from './planned-date.schema';
import { PlannedDateEventsController } from './planned-date-events.consumer';
import { PlannedDatesService } from './planned-dates.service';
import { ProjectionController } from './projection.controller';
import { ProjectionService } from './projection.service';

/** `GET /api/tests/projection` (docs/adr/0024-score-projection.md). */
@Module({
  imports: [
    TestsModule,
    MongooseModule.forFeature([{ name: PlannedDate.name, schema: PlannedDateSchema }]),
  ],
  controllers: [ProjectionController, PlannedDateEventsController],
  providers: [ProjectionService, PlannedDatesService, AuthProfileClient],
})
export class ProjectionModule {}
