import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { SERVER_MESSAGES, type TestSnapshot } from '@mcat/contracts';
import { internalRequestHeaders, SERVICE_CONFIG } from '@mcat/service-kit';
import type { QuestionsConfig } from '../config';

/** Asks the tests service about a test the projection does not know yet (`GET /internal/tests/:id`). */
@Injectable()
export class TestsClient {
  private readonly logger = new Logger(TestsClient.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: QuestionsConfig) {}

  /** The test, or null when the tests service says it does not exist. */
  async snapshot(testId: string): Promise<TestSnapshot | null> {
    const url = new URL(`/internal/tests/${testId}`, this.config.TESTS_INTERNAL_URL);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: internalRequestHeaders(this.config.INTERNAL_API_TOKEN),
        signal: AbortSignal.timeout(2000),
      });
    } catch (error) {
      this.logger.warn(`Test read-through failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(SERVER_MESSAGES.testsUnavailable);
    }
    if (response.status === 404) return null;
    if (!response.ok) {
      throw new ServiceUnavailableException(SERVER_MESSAGES.testsUnavailable);
    }
    return (await response.json()) as TestSnapshot;
  }
}
