import { Module, type DynamicModule } from '@nestjs/common';
import {
  AccountDataModule,
  PlansModule,
  RateLimitModule,
  ServiceKitModule,
} from '@mcat/service-kit';
import { AccountDataService } from './account-data/account-data.service';
import { AnkiModule } from './anki/anki.module';
import type { QuestionsConfig } from './config';
import { InsightsModule } from './insights/insights.module';
import { QuestionsModule } from './questions/questions.module';
import { QUESTIONS_RATE_LIMIT_POLICY } from './rate-limit/rate-limit.policy';
import { ReviewsModule } from './reviews/reviews.module';

@Module({})
export class AppModule {
  static register(config: QuestionsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'questions', config }),
        RateLimitModule.register(QUESTIONS_RATE_LIMIT_POLICY),
        QuestionsModule,
        AnkiModule,
        InsightsModule,
        ReviewsModule,
        AccountDataModule.forService({
          internalPath: 'internal/questions/users',
          imports: [QuestionsModule],
          exporter: AccountDataService,
          eraseSteps: AccountDataService,
        }),
        PlansModule.forResource({
          resource: 'questions',
          authInternalUrl: config.AUTH_INTERNAL_URL,
          internalApiToken: config.INTERNAL_API_TOKEN,
        }),
      ],
    };
  }
}
