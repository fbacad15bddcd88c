import {
  Body,
  Controller,
  Get,
  Module,
  Post,
  type DynamicModule,
  type INestApplication,
} from '@nestjs/common';
import { z } from 'zod';
import { ERROR_CODES, REQUEST_MESSAGES, type ErrorCode } from '@mcat/contracts';
import {
  bootstrapService,
  Public,
  ServiceKitModule,
  ZodValidationPipe,
  type KitConfig,
} from '../src';
import { kitTestConfig } from './support/kit-config';

const noteSchema = z.object({
  title: z.string({ error: 'Title is required' }).min(1, 'Title is required'),
});

@Public()
@Controller('api/notes')
class NotesController {
  @Post()
  create(@Body(new ZodValidationPipe(noteSchema)) body: z.infer<typeof noteSchema>) {
    return body;
  }

  @Get('boom')
  boom(): never {
    throw new Error('database password is hunter2');
  }
}

@Module({})
class NotesModule {
  static register(config: KitConfig): DynamicModule {
    return {
      module: NotesModule,
      imports: [ServiceKitModule.forRoot({ name: 'notes', config })],
      controllers: [NotesController],
    };
  }
}

describe('error answers of a kit service', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const config = await kitTestConfig();
    app = await bootstrapService({ module: NotesModule.register(config), config, bodyLimit: 1024 });
    url = `http://127.0.0.1:${config.PORT}/api/notes`;
  });

  afterAll(() => app?.close());

  const post = (body: string, contentType = 'application/json') =>
    fetch(url, { method: 'POST', body, headers: { 'content-type': contentType } });

  it.each([
    ['malformed JSON', '{"title":', 'application/json', 400],
    ['a body over the limit', JSON.stringify({ title: 'x'.repeat(2000) }), 'application/json', 413],
    ['an unsupported content type', 'title=x', 'text/weird', 415],
    ['a body that breaks a validation rule', '{"title":""}', 'application/json', 400],
  ])('%s answers a 4xx with { statusCode, code, message }', async (_case, text, type, status) => {
    const response = await post(text, type);
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(status);
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'statusCode']);
    expect(body.statusCode).toBe(status);
    expect(ERROR_CODES[body.code as ErrorCode]).toBe(status);
    expect(typeof body.message).toBe('string');
  });

  it.each([
    ['form-encoded', 'title=x', 'application/x-www-form-urlencoded'],
    ['text/plain', '{"title":"x"}', 'text/plain'],
    ['text/plain with a charset', '{"title":"x"}', 'text/plain; charset=utf-8'],
    [
      'multipart on a route that takes no upload',
      '--b\r\n\r\nx\r\n--b--',
      'multipart/form-data; boundary=b',
    ],
    ['JSON in another charset', '{"title":"x"}', 'application/json; charset=latin1'],
    ['a JSON look-alike', '{"title":"x"}', 'application/jsonx'],
  ])('%s: 415 before the route runs', async (_case, text, type) => {
    const response = await post(text, type);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: REQUEST_MESSAGES.unsupportedContentType,
      },
    });
  });

  it.each([
    'application/json; charset=utf-8',
    'Application/JSON; Charset="UTF-8"',
    'application/json',
  ])('JSON sent as %s is read', async (type) => {
    const response = await post('{"title":"x"}', type);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 201,
      body: { title: 'x' },
    });
  });

  it('a request without a body needs no content type', async () => {
    const response = await fetch(url, { method: 'POST' });
    expect(await response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Title is required',
    });
  });

  it('a validation failure carries the rule message', async () => {
    const response = await post('{}');
    expect(await response.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Title is required',
    });
  });

  it('an unexpected fault answers 500 without its details', async () => {
    const response = await fetch(`${url}/boom`);
    const body = (await response.json()) as { statusCode: number; message: string };
    expect(response.status).toBe(500);
    expect(body.message).not.toContain('hunter2');
  });
});
