import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ERRORS, type TestSnapshot } from '@mcat/contracts';
import { ObjectIdPipe, Public } from '@mcat/service-kit';
import { TestsService } from './tests.service';

/**
 * Service-to-service read-through for the questions service (not routed by the gateway, which
 * only forwards /api/*): a live test's owner, source and date.
 */
@Public()
@Controller('internal/tests')
export class InternalTestsController {
  constructor(private readonly tests: TestsService) {}

  @Get(':id')
  async snapshot(@Param('id', new ObjectIdPipe('test id')) id: string): Promise<TestSnapshot> {
    const snapshot = await this.tests.snapshot(id);
    if (!snapshot) throw new NotFoundException(ERRORS.testNotFound);
    return snapshot;
  }
}
