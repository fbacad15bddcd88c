import { serviceEnvSchema, type ServiceConfig } from '@mcat/service-kit';

/** The questions service's environment (the README lists every variable). */
export const questionsEnvSchema = serviceEnvSchema;
export type QuestionsConfig = ServiceConfig;
