import type { INestApplication } from '@nestjs/common';
import { bootstrapService } from '@mcat/service-kit';
import { AppModule } from './app.module';
import type { QuestionsConfig } from './config';

/** Starts the questions service: HTTP and its event consumers (test summaries, cascade, plans). */
export function startQuestionsService(config: QuestionsConfig): Promise<INestApplication> {
  return bootstrapService({ module: AppModule.register(config), config, consumeEvents: true });
}
