import { serviceEnvSchema, type ServiceConfig } from '@mcat/service-kit';

/** The tests service's environment (the README lists every variable). */
export const testsEnvSchema = serviceEnvSchema;
export type TestsConfig = ServiceConfig;
