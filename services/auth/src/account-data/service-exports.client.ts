import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_DATA_MESSAGES,
  type BillingAccountData,
  type QuestionsAccountData,
  type TestsAccountData,
} from '@mcat/contracts';
import { ApiException, internalRequestHeaders, SERVICE_CONFIG } from '@mcat/service-kit';
import type { AuthConfig } from '../config';

/** Long enough for a student with thousands of questions; the gateway waits longer. */
const EXPORT_TIMEOUT_MS = 15_000;

/**
 * Reads a user's part of the data export from each service that holds one
 * (`GET /internal/<service>/users/:id/export`, with the service credential). A service that cannot
 * be reached or fails answers 503 here: the export is whole or not made at all.
 */
@Injectable()
export class ServiceExportsClient {
  private readonly logger = new Logger(ServiceExportsClient.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {}

  tests(userId: string): Promise<TestsAccountData> {
    const url = new URL(`/internal/tests/users/${userId}/export`, this.config.TESTS_INTERNAL_URL);
    return this.read('tests', url);
  }

  questions(userId: string): Promise<QuestionsAccountData> {
    const url = new URL(
      `/internal/questions/users/${userId}/export`,
      this.config.QUESTIONS_INTERNAL_URL,
    );
    return this.read('questions', url);
  }

  billing(userId: string): Promise<BillingAccountData> {
    const url = new URL(
      `/internal/billing/users/${userId}/export`,
      this.config.BILLING_INTERNAL_URL,
    );
    return this.read('billing', url);
  }

  private async read<T>(service: string, url: URL): Promise<T> {
    const unavailable = (reason: string): ApiException => {
      this.logger.warn(`Data export: the ${service} service failed (${reason})`);
      return new ApiException('UNAVAILABLE', ACCOUNT_DATA_MESSAGES.exportUnavailable(service));
    };
    let response: Response;
    try {
      response = await fetch(url, {
        headers: internalRequestHeaders(this.config.INTERNAL_API_TOKEN),
        signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable((error as Error).message);
    }
    if (!response.ok) throw unavailable(`status ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw unavailable((error as Error).message);
    }
  }
}
