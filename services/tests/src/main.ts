import { loadConfig } from '@mcat/service-kit';
import { testsEnvSchema } from './config';
import { startTestsService } from './start';

void startTestsService(loadConfig(testsEnvSchema));
