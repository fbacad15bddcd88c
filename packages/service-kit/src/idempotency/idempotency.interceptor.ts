import {
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Connection } from 'mongoose';
import { from, lastValueFrom, type Observable } from 'rxjs';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_RETRY_AFTER_SECONDS,
  IDEMPOTENT_REPLAYED_HEADER,
  isValidIdempotencyKey,
} from '@mcat/contracts';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { ApiException } from '../http/api-exception';
import { IdempotencyStore } from './idempotency-store';
import { requestFingerprint } from './request-fingerprint';

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

type KeyedRequest = FastifyRequest & Partial<AuthenticatedRequest>;

/**
 * Runs a route once per (user, Idempotency-Key) for 24 hours (docs/api-idempotency.md). The key
 * is reserved before the route runs, so a retry while the first attempt is still running (say, on
 * a paused database) cannot run it twice; it answers 409 instead. Without the header the route
 * runs as usual. Applied with `@Idempotent()`.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('idempotency');
  private readonly store: IdempotencyStore;

  constructor(@InjectConnection() connection: Connection) {
    this.store = new IdempotencyStore(connection);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<KeyedRequest>();
    const key = request.headers[HEADER];
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || !isValidIdempotencyKey(key)) {
      throw new ApiException('IDEMPOTENCY_KEY_INVALID', IDEMPOTENCY_MESSAGES.invalidKey);
    }
    const userId = request.user?.sub;
    // @Idempotent() belongs on signed-in routes only: keys are per user.
    if (!userId) throw new Error('@Idempotent() on a route without a signed-in user');
    return from(this.run(userId, key, request, http.getResponse<FastifyReply>(), next));
  }

  private async run(
    userId: string,
    key: string,
    request: KeyedRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    const reservation = await this.store.reserve(userId, key, requestFingerprint(request));
    switch (reservation.kind) {
      case 'mismatch':
        throw new ApiException('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused);
      case 'in-flight':
        void reply.header('retry-after', String(IDEMPOTENCY_RETRY_AFTER_SECONDS));
        throw new ApiException('IDEMPOTENCY_IN_FLIGHT', IDEMPOTENCY_MESSAGES.inFlight);
      case 'done':
        void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reservation.body === undefined ? undefined : JSON.parse(reservation.body);
      case 'reserved':
        return this.runFirst(userId, key, next);
    }
  }

  /** The first attempt: the route runs; a success is kept for retries, an error frees the key. */
  private async runFirst(userId: string, key: string, next: CallHandler): Promise<unknown> {
    let answer: unknown;
    try {
      answer = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      // An error answer means the write did not happen, so a retry with the key may run again.
      await this.store.release(userId, key).catch((releaseError: unknown) => {
        this.logger.error(releaseError);
      });
      throw error;
    }
    const body = answer === undefined ? undefined : JSON.stringify(answer);
    try {
      await this.store.complete(userId, key, body);
    } catch (error) {
      // The write happened: its answer still goes out. Retries see the key in flight (409).
      this.logger.error(error);
    }
    return answer;
  }
}
