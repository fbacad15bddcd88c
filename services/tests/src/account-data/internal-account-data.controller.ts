import { Controller, Get, Param } from '@nestjs/common';
import type { TestsAccountData } from '@mcat/contracts';
import { ObjectIdPipe, Public } from '@mcat/service-kit';
import { TestsService } from '../tests/tests.service';

/**
 * The tests service's part of a student's data export, read by auth with the service credential
 * (not routed by the gateway, which only forwards /api/*).
 */
@Public()
@Controller('internal/tests/users')
export class InternalAccountDataController {
  constructor(private readonly tests: TestsService) {}

  @Get(':id/export')
  async export(
    @Param('id', new ObjectIdPipe('user id')) userId: string,
  ): Promise<TestsAccountData> {
    return { tests: await this.tests.list(userId) };
  }
}
