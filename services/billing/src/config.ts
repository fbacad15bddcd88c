import { serviceEnvSchema, type ServiceConfig } from '@mcat/service-kit';

/** The billing service's environment (the README lists every variable). */
export const billingEnvSchema = serviceEnvSchema;
export type BillingConfig = ServiceConfig;
