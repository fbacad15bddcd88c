import { Module, type DynamicModule } from '@nestjs/common';
import { AccountDataModule, PlansModule, ServiceKitModule } from '@mcat/service-kit';
import { AccountDataService } from './account-data/account-data.service';
import type { TestsConfig } from './config';
import { ExcelModule } from './excel/excel.module';
import { ProjectionModule } from './projection/projection.module';
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
        ProjectionModule,
        AccountDataModule.forService({
          internalPath: 'internal/tests/users',
          imports: [TestsModule],
          exporter: AccountDataService,
        }),
        PlansModule.forResource({
          resource: 'tests',
          authInternalUrl: config.AUTH_INTERNAL_URL,
          internalApiToken: config.INTERNAL_API_TOKEN,
        }),
      ],
    };
  }
}
