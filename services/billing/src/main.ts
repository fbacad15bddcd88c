import { bootstrapService, loadConfig } from '@mcat/service-kit';
import { AppModule } from './app.module';
import { billingEnvSchema } from './config';

const config = loadConfig(billingEnvSchema);
void bootstrapService({ module: AppModule.register(config), config });
