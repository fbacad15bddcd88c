import type { INestApplication } from '@nestjs/common';
import { bootstrapService } from '@mcat/service-kit';
import { AppModule } from './app.module';
import type { TestsConfig } from './config';
import { IMPORT_ROUTE, registerMultipart } from './excel/multipart';

/** Starts the tests service: HTTP, the Excel upload parser and its event consumers. */
export function startTestsService(config: TestsConfig): Promise<INestApplication> {
  return bootstrapService({
    module: AppModule.register(config),
    config,
    consumeEvents: true,
    uploadRoutes: [IMPORT_ROUTE],
    beforeListen: registerMultipart,
  });
}
