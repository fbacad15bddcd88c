import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { toErrorBody } from './error-body';

/** Every error answer is `{ statusCode, message }`. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply.status(body.statusCode).send(body);
  }
}
