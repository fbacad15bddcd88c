import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Param,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  questionBodySchema,
  questionListQuerySchema,
  questionSearchSchema,
  DELETED_MESSAGES,
  type MessageResponse,
  type Question,
  type QuestionBody,
  type QuestionListQuery,
  type QuestionPage,
  type QuestionSearchQuery,
} from '@mcat/contracts';
import {
  CurrentUser,
  Idempotent,
  ObjectIdPipe,
  ZodValidationPipe,
  type TokenClaims,
} from '@mcat/service-kit';
import { QuestionsService } from './questions.service';

const questionId = new ObjectIdPipe('question id');
const questionBody = new ZodValidationPipe(questionBodySchema);
const listQuery = new ZodValidationPipe(questionListQuerySchema);
const searchQuery = new ZodValidationPipe(questionSearchSchema);

@Controller('api/questions')
export class QuestionsController {
  constructor(private readonly questions: QuestionsService) {}

  /**
   * Question[] (newest first, test populated), sent as the JSON body the service keeps; with
   * `limit`, one page of it (docs/api-paging.md).
   */
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  list(
    @CurrentUser() user: TokenClaims,
    @Query(listQuery) { limit, cursor }: QuestionListQuery,
  ): Promise<Buffer | QuestionPage> {
    return limit === undefined
      ? this.questions.listBody(user.sub)
      : this.questions.page(user.sub, {}, { limit, cursor });
  }

  @Get('tags')
  tags(@CurrentUser() user: TokenClaims): Promise<string[]> {
    return this.questions.tags(user.sub);
  }

  /**
   * Filters: testId, section, mistakeType, ankiStatus ('made' | 'not made'), topicTag; with
   * `limit`, one page of the answer (docs/api-paging.md).
   */
  @Get('search')
  search(
    @CurrentUser() user: TokenClaims,
    @Query(searchQuery) { limit, cursor, ...filters }: QuestionSearchQuery,
  ): Promise<Question[] | QuestionPage> {
    return limit === undefined
      ? this.questions.search(user.sub, filters)
      : this.questions.page(user.sub, filters, { limit, cursor });
  }

  @Get('test/:testId')
  forTest(
    @CurrentUser() user: TokenClaims,
    @Param('testId', new ObjectIdPipe('test id')) testId: string,
  ): Promise<Question[]> {
    return this.questions.forTest(user.sub, testId);
  }

  @Get(':id')
  get(@CurrentUser() user: TokenClaims, @Param('id', questionId) id: string): Promise<Question> {
    return this.questions.get(user.sub, id);
  }

  @Post()
  @Idempotent()
  create(
    @CurrentUser() user: TokenClaims,
    @Body(questionBody) body: QuestionBody,
  ): Promise<Question> {
    return this.questions.create(user.sub, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: TokenClaims,
    @Param('id', questionId) id: string,
    @Body(questionBody) body: QuestionBody,
  ): Promise<Question> {
    return this.questions.update(user.sub, id, body);
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: TokenClaims,
    @Param('id', questionId) id: string,
  ): Promise<MessageResponse> {
    await this.questions.remove(user.sub, id);
    return { message: DELETED_MESSAGES.question };
  }

  @Patch(':id/anki')
  toggleAnki(
    @CurrentUser() user: TokenClaims,
    @Param('id', questionId) id: string,
  ): Promise<Question> {
    return this.questions.toggleAnki(user.sub, id);
  }
}
