import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock } from './clock';

@Global()
@Module({})
export class ClockModule {
  /** The real clock, or the one a test moves by hand. */
  static register(clock: Clock = new Clock()): DynamicModule {
    return {
      module: ClockModule,
      providers: [{ provide: Clock, useValue: clock }],
      exports: [Clock],
    };
  }
}
