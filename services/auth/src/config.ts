import { serviceEnvSchema, type ServiceConfig } from '@mcat/service-kit';

/** The auth service's environment (the README lists every variable). */
export const authEnvSchema = serviceEnvSchema;
export type AuthConfig = ServiceConfig;
