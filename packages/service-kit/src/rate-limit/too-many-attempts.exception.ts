import { HttpException, HttpStatus } from '@nestjs/common';
import { tooManyAttempts } from '@mcat/contracts';

/** 429 with the message that says when to try again; TooManyAttemptsFilter adds Retry-After. */
export class TooManyAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(tooManyAttempts(retryAfterSeconds), HttpStatus.TOO_MANY_REQUESTS);
  }
}
