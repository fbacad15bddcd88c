import { Injectable } from '@nestjs/common';
import { API_ROUTES } from '@mcat/contracts';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/**
 * The API description, built once when the gateway starts (it depends on nothing that changes
 * while it runs): the document, its JSON text and its page, each answered as is on every request.
 */
@Injectable()
export class ApiDocs {
  readonly document: OpenApiDocument = buildOpenApiDocument(API_ROUTES);
  readonly json: string = JSON.stringify(this.document);
  readonly page: string = renderDocsPage(this.document);
}
