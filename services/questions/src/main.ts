import { bootstrapService, loadConfig } from '@mcat/service-kit';
import { AppModule } from './app.module';
import { questionsEnvSchema } from './config';

const config = loadConfig(questionsEnvSchema);
void bootstrapService({ module: AppModule.register(config), config });
