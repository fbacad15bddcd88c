import { loadConfig } from '@mcat/service-kit/core';
import { gatewayEnvSchema } from './config';
import { startGateway } from './gateway';

void startGateway(loadConfig(gatewayEnvSchema));
