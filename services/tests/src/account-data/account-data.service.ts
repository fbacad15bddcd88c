import { Injectable } from '@nestjs/common';
import type { TestsAccountData } from '@mcat/contracts';
import type { AccountDataExporter } from '@mcat/service-kit';
import { TestsService } from '../tests/tests.service';

/**
 * The tests service's part of a student's data export. An account's deletion takes every document
 * of the user (tests, plan places, the plan, stored answers) through the kit's generic pass alone.
 */
@Injectable()
export class AccountDataService implements AccountDataExporter<TestsAccountData> {
  constructor(private readonly tests: TestsService) {}

  /** The user's tests as the API shows them. */
  async export(userId: string): Promise<TestsAccountData> {
    return { tests: await this.tests.list(userId) };
  }
}
