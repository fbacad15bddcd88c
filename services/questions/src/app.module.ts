import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@mcat/service-kit';
import type { QuestionsConfig } from './config';
import { PlansModule } from './plans/plans.module';
import { QuestionsModule } from './questions/questions.module';

@Module({})
export class AppModule {
  static register(config: QuestionsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'questions', config }),
        QuestionsModule,
        PlansModule,
      ],
    };
  }
}
