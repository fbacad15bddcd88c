import { Module, type DynamicModule } from '@nestjs/common';
import { PlansModule, ServiceKitModule } from '@mcat/service-kit';
import type { QuestionsConfig } from './config';
import { QuestionsModule } from './questions/questions.module';

@Module({})
export class AppModule {
  static register(config: QuestionsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'questions', config }),
        QuestionsModule,
        PlansModule.forResource({
          resource: 'questions',
          authInternalUrl: config.AUTH_INTERNAL_URL,
          internalApiToken: config.INTERNAL_API_TOKEN,
        }),
      ],
    };
  }
}
