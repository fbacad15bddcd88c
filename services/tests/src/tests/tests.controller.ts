import { Body, Controller, Delete, Get, Param, Patch, Post, Put } from '@nestjs/common';
import {
  reviewPatchSchema,
  testBodySchema,
  DELETED_MESSAGES,
  type MessageResponse,
  type ReviewPatch,
  type Test,
  type TestBody,
} from '@mcat/contracts';
import {
  CurrentUser,
  Idempotent,
  ObjectIdPipe,
  ZodValidationPipe,
  type TokenClaims,
} from '@mcat/service-kit';
import { latestDateOnEarth } from './calendar';
import { TestsService } from './tests.service';

const testId = new ObjectIdPipe('test id');
const testBody = new ZodValidationPipe(testBodySchema(() => latestDateOnEarth()));

@Controller('api/tests')
export class TestsController {
  constructor(private readonly tests: TestsService) {}

  @Get()
  list(@CurrentUser() user: TokenClaims): Promise<Test[]> {
    return this.tests.list(user.sub);
  }

  @Get(':id')
  get(@CurrentUser() user: TokenClaims, @Param('id', testId) id: string): Promise<Test> {
    return this.tests.get(user.sub, id);
  }

  @Post()
  @Idempotent()
  create(@CurrentUser() user: TokenClaims, @Body(testBody) body: TestBody): Promise<Test> {
    return this.tests.create(user.sub, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: TokenClaims,
    @Param('id', testId) id: string,
    @Body(testBody) body: TestBody,
  ): Promise<Test> {
    return this.tests.update(user.sub, id, body);
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: TokenClaims,
    @Param('id', testId) id: string,
  ): Promise<MessageResponse> {
    await this.tests.remove(user.sub, id);
    return { message: DELETED_MESSAGES.test };
  }

  @Patch(':id/review')
  review(
    @CurrentUser() user: TokenClaims,
    @Param('id', testId) id: string,
    @Body(new ZodValidationPipe(reviewPatchSchema)) patch: ReviewPatch,
  ): Promise<Test> {
    return this.tests.review(user.sub, id, patch);
  }

  @Patch(':id/review/complete')
  completeReview(@CurrentUser() user: TokenClaims, @Param('id', testId) id: string): Promise<Test> {
    return this.tests.completeReview(user.sub, id);
  }
}
