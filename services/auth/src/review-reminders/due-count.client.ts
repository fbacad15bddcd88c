import { Inject, Injectable } from '@nestjs/common';
import type { DueCount } from '@mcat/contracts';
import { internalRequestHeaders, SERVICE_CONFIG } from '@mcat/service-kit';
import type { AuthConfig } from '../config';

/** A count is one indexed read in questions; a check waits no longer than this for it. */
const DUE_COUNT_TIMEOUT_MS = 5_000;

/**
 * How many of a student's questions are due for re-review now, as the questions service counts
 * them (`GET /internal/questions/users/:id/review/due/count`, with the service credential): the
 * number the dashboard shows. Throws when questions cannot answer; the check tries again later.
 */
@Injectable()
export class DueCountClient {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {}

  async dueCount(userId: string): Promise<number> {
    const url = new URL(
      `/internal/questions/users/${userId}/review/due/count`,
      this.config.QUESTIONS_INTERNAL_URL,
    );
    const response = await fetch(url, {
      headers: internalRequestHeaders(this.config.INTERNAL_API_TOKEN),
      signal: AbortSignal.timeout(DUE_COUNT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`questions answered ${response.status}`);
    const { due } = (await response.json()) as DueCount;
    if (!Number.isInteger(due) || due < 0) throw new Error('questions answered no count');
    return due;
  }
}
