import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@mcat/service-kit';
import type { AuthConfig } from './config';

@Module({})
export class AppModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ name: 'auth', config })],
    };
  }
}
