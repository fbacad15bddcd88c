import { loadConfig } from '@mcat/service-kit';
import { questionsEnvSchema } from './config';
import { startQuestionsService } from './start';

void startQuestionsService(loadConfig(questionsEnvSchema));
