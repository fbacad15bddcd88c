import { bootstrapService, loadConfig } from '@mcat/service-kit';
import { billingBootstrapOptions } from './billing.bootstrap';
import { billingEnvSchema } from './config';

const config = loadConfig(billingEnvSchema);
void bootstrapService(billingBootstrapOptions(config));
