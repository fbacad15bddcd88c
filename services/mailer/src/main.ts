import { bootstrapService, loadConfig } from '@mcat/service-kit';
import { AppModule } from './app.module';
import { mailerEnvSchema } from './config';

const config = loadConfig(mailerEnvSchema);
void bootstrapService({ module: AppModule.register(config), config });
