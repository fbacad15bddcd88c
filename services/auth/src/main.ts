import { bootstrapService, loadConfig } from '@mcat/service-kit';
import { AppModule } from './app.module';
import { authEnvSchema } from './config';

const config = loadConfig(authEnvSchema);
void bootstrapService({ module: AppModule.register(config), config, consumeEvents: true });
