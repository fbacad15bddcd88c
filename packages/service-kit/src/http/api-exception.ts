import { HttpException } from '@nestjs/common';
import { ERROR_CODES, type ErrorCode, type Plan } from '@mcat/contracts';

/** What an answer says besides its status, code and message. */
export interface ApiErrorDetails {
  plan?: Plan;
}

/**
 * An error answer with a code more specific than its status says (a plan limit, a taken email, an
 * Idempotency-Key still in flight). The status comes with the code (ERROR_CODES), so the two never
 * disagree. Plain Nest exceptions still work: their code follows the status (toErrorBody).
 */
export class ApiException extends HttpException {
  constructor(code: ErrorCode, message: string, details: ApiErrorDetails = {}) {
    const statusCode = ERROR_CODES[code];
    super({ statusCode, code, message, ...details }, statusCode);
  }
}
