import { Module, type DynamicModule } from '@nestjs/common';
import { PlansModule, ServiceKitModule } from '@mcat/service-kit';
import type { TestsConfig } from './config';
import { ExcelModule } from './excel/excel.module';
import { TestsModule } from './tests/tests.module';

@Module({})
export class AppModule {
  static register(config: TestsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'tests', config }),
        TestsModule,
        ExcelModule,
        PlansModule.forResource({
          resource: 'tests',
          authInternalUrl: config.AUTH_INTERNAL_URL,
          internalApiToken: config.INTERNAL_API_TOKEN,
        }),
      ],
    };
  }
}
