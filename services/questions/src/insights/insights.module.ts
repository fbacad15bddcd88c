import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { InsightsController } from './insights.controller';
import { InsightsService } from './insights.service';

@Module({
  imports: [QuestionsModule],
  controllers: [InsightsController],
  providers: [InsightsService],
})
export class InsightsModule {}
