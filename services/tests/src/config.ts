import { z } from 'zod';
import { serviceEnvSchema } from '@mcat/service-kit';

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` });

/** The tests service's environment (docs/configuration.md lists every variable). */
export const testsEnvSchema = serviceEnvSchema.extend({
  /** Base URL of the auth service, for the plan read-through (`GET /internal/users/:id`). */
  AUTH_INTERNAL_URL: httpUrl('AUTH_INTERNAL_URL'),
});
export type TestsConfig = z.infer<typeof testsEnvSchema>;
