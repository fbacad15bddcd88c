import { Controller, Get, Header } from '@nestjs/common';
import { ApiDocs } from './api-docs';

/** The API description: OpenAPI 3.1 JSON for programs, a page for people. Public, like the SPA. */
@Controller('api')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocs) {}

  @Get('docs')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'no-cache')
  document(): string {
    return this.docs.json;
  }

  @Get('docs.html')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-cache')
  page(): string {
    return this.docs.page;
  }
}
