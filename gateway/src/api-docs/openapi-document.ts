import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
  type ZodContentObject,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  ANKI_PACKAGE_TYPE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENT_REPLAYED_HEADER,
  IMPORT_FILE_MAX_BYTES,
  type ApiBodyName,
  type ApiMediaName,
  type ApiResponse,
  type ApiRoute,
  type ApiService,
} from '@mcat/contracts';
import { errorCodesByStatus, RETRY_AFTER_CODES } from './error-responses';
import { apiErrorSchema, RESPONSE_SCHEMAS } from './response-schemas';

/**
 * A schema under its name in the document's components. Named with zod's own `.meta({ id })`,
 * which the generator reads, rather than its `.openapi()`: that one exists only on schemas made
 * after `extendZodWithOpenApi`, and the contracts' schemas are made before the gateway starts.
 */
const named = <T extends z.ZodType>(name: string, schema: T): T =>
  z.globalRegistry.get(schema)?.id ? schema : schema.meta({ id: name });

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BEARER = 'bearer';

const MEDIA: Record<ApiMediaName, { type: string; description: string }> = {
  xlsx: { type: XLSX, description: 'A spreadsheet, sent as an attachment' },
  apkg: { type: ANKI_PACKAGE_TYPE, description: 'An Anki package (.apkg), sent as an attachment' },
  csv: { type: 'text/csv; charset=utf-8', description: 'A CSV file, sent as an attachment' },
  'event-stream': { type: 'text/event-stream', description: 'Server-sent events' },
  html: { type: 'text/html; charset=utf-8', description: 'A page' },
};

const isMedia = (body: ApiResponse['body']): body is ApiMediaName => Object.hasOwn(MEDIA, body);

/** What each tag, one per answering service, groups in the document. */
const TAG_DESCRIPTIONS: Record<ApiService, string> = {
  gateway: 'Answered by the gateway itself: health, client configuration and this description',
  auth: 'Accounts, sign-in, passwords, premium upgrades, data export and review reminders',
  tests: 'Practice tests, their reviews, the score projection and spreadsheet import and export',
  questions: 'Missed questions: search, tags, insights, spaced review and Anki export',
  billing: 'Payments, billing events and the payment provider’s webhook',
};

const location = z.object({
  Location: z.string().describe('Where the client goes next (a path of the web app)'),
});

/** `/api/tests/:id` as OpenAPI spells it: `/api/tests/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** `GET /api/tests/:id` → `getApiTestsId`: stable, unique per method and path. */
const operationId = (route: ApiRoute): string =>
  route.method.toLowerCase() +
  route.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

const idempotencyKey = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .optional()
    .describe(
      'Any 1–255 printable ASCII characters, new for each intended write: a retry with the ' +
        'same key answers the first attempt’s answer instead of writing again (24 h).',
    ),
});

const retryAfter = z.object({
  'Retry-After': z.string().regex(/^\d+$/).describe('Seconds to wait before trying again'),
});

const replayed = z.object({
  [IDEMPOTENT_REPLAYED_HEADER]: z
    .literal('true')
    .optional()
    .describe('Set when this answer replays the first answer to the same Idempotency-Key'),
});

/**
 * The OpenAPI 3.1 document of these routes: one operation each, its request from the contracts'
 * zod schemas, its answer from RESPONSE_SCHEMAS and every error it can answer as an ApiError.
 */
export function buildOpenApiDocument(routes: readonly ApiRoute[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token from POST /api/auth/register or /api/auth/login',
  });
  const apiError = named('ApiError', apiErrorSchema);
  const schemaOf = (name: ApiBodyName): z.ZodType => named(name, RESPONSE_SCHEMAS[name]);
  const content = (body: ApiBodyName | ApiMediaName): ZodContentObject =>
    isMedia(body)
      ? { [MEDIA[body].type]: { schema: z.string().describe(MEDIA[body].description) } }
      : { 'application/json': { schema: schemaOf(body) } };

  for (const route of routes) {
    registry.registerPath(describeRoute(route, content, apiError));
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'MCAT Logbook API',
      version: '1',
      description:
        'Every route the gateway answers or forwards under /api. Errors answer an ApiError: ' +
        'branch on its `code`, show its `message`. A method a path below does not list answers ' +
        '405 METHOD_NOT_ALLOWED with `Allow`; a path not below, 404 NOT_FOUND. Built from the ' +
        'contracts (docs/api.md).',
      // package.json's "UNLICENSED": the API is not offered for use by others.
      license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    // The paths are absolute from the origin that serves this document, whatever its host.
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    tags: [...new Set(routes.map((route) => route.service))].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name],
    })),
  });
}

function describeRoute(
  route: ApiRoute,
  content: (body: ApiBodyName | ApiMediaName) => ZodContentObject,
  apiError: z.ZodType,
): RouteConfig {
  const { params, query, headers, body, upload, oneClick } = route.request ?? {};
  const answer = (response: ApiResponse): ResponseConfig =>
    response.body === 'redirect'
      ? { description: describeAnswer(response), headers: location }
      : { description: describeAnswer(response), content: content(response.body) };
  const success: ResponseConfig = {
    ...answer(route.response),
    ...(route.idempotent ? { headers: replayed } : {}),
  };
  const responses: RouteConfig['responses'] = { [route.response.status]: success };
  for (const other of route.alsoAnswers ?? []) {
    responses[other.status] = answer(other);
  }
  for (const [status, codes] of errorCodesByStatus(route)) {
    responses[status] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: apiError } },
      ...(codes.some((code) => RETRY_AFTER_CODES.has(code)) ? { headers: retryAfter } : {}),
    };
  }
  const requestHeaders = route.idempotent
    ? headers
      ? headers.extend(idempotencyKey.shape)
      : idempotencyKey
    : headers;
  const description = [route.description, route.role && `Requires the role \`${route.role}\`.`]
    .filter(Boolean)
    .join(' ');
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: openApiPath(route.path),
    operationId: operationId(route),
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: [route.service],
    security: route.public ? [] : [{ [BEARER]: [] }],
    request: {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(requestHeaders ? { headers: requestHeaders } : {}),
      ...(body
        ? { body: { required: true, content: { 'application/json': { schema: body } } } }
        : {}),
      ...(upload ? { body: uploadBody() } : {}),
      ...(oneClick ? { body: oneClickBody() } : {}),
    },
    responses,
  };
}

function describeAnswer(response: ApiResponse): string {
  if (response.description) return response.description;
  if (response.body === 'redirect') return 'See Other: the client goes to `Location`';
  if (isMedia(response.body)) return MEDIA[response.body].description;
  return response.status === 201 ? 'Created' : 'OK';
}

function uploadBody(): NonNullable<RouteConfig['request']>['body'] {
  return {
    required: true,
    description: `One .xlsx file of at most ${IMPORT_FILE_MAX_BYTES} bytes, in the field \`file\``,
    content: {
      'multipart/form-data': {
        schema: z.object({
          file: z.string().meta({ contentMediaType: XLSX, description: 'The spreadsheet' }),
        }),
      },
    },
  };
}

/** RFC 8058: what a mail client POSTs to a List-Unsubscribe address (a body may also be absent). */
function oneClickBody(): NonNullable<RouteConfig['request']>['body'] {
  const schema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
  return {
    required: false,
    description: 'The one-click form field, as mail clients send it (RFC 8058)',
    content: {
      'application/x-www-form-urlencoded': { schema },
      'multipart/form-data': { schema },
    },
  };
}
