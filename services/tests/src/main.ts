import { bootstrapService, loadConfig } from '@mcat/service-kit';
import { AppModule } from './app.module';
import { testsEnvSchema } from './config';

const config = loadConfig(testsEnvSchema);
void bootstrapService({ module: AppModule.register(config), config });
