import { UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';

/**
 * A create or payment route that honours the `Idempotency-Key` header (docs/api-idempotency.md).
 * Signed-in routes only: keys are per user.
 */
export const Idempotent = (): MethodDecorator & ClassDecorator =>
  UseInterceptors(IdempotencyInterceptor);
