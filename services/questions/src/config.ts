import { z } from 'zod';
import { serviceEnvSchema } from '@mcat/service-kit';

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` });

/** The questions service's environment (docs/configuration.md lists every variable). */
export const questionsEnvSchema = serviceEnvSchema.extend({
  /** Base URL of the auth service, for the plan read-through (`GET /internal/users/:id`). */
  AUTH_INTERNAL_URL: httpUrl('AUTH_INTERNAL_URL'),
  /** Base URL of the tests service, for the test read-through (`GET /internal/tests/:id`). */
  TESTS_INTERNAL_URL: httpUrl('TESTS_INTERNAL_URL'),
});
export type QuestionsConfig = z.infer<typeof questionsEnvSchema>;
