import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@mcat/service-kit';
import type { TestsConfig } from './config';

@Module({})
export class AppModule {
  static register(config: TestsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ name: 'tests', config })],
    };
  }
}
