import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { toErrorBody } from '../http/error-body';
import { TooManyAttemptsException } from './too-many-attempts.exception';

/**
 * The kit's `{ statusCode, message }` body plus a Retry-After header in seconds. Put it on the
 * controllers whose routes consume a RateLimiter (`@UseFilters(TooManyAttemptsFilter)`).
 */
@Catch(TooManyAttemptsException)
export class TooManyAttemptsFilter implements ExceptionFilter {
  catch(exception: TooManyAttemptsException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply
      .header('Retry-After', String(exception.retryAfterSeconds))
      .status(exception.getStatus())
      .send(toErrorBody(exception));
  }
}
