import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SIGN_IN_BACKOFF_RULE, SignInBackoff, type SignInBackoffRule } from './sign-in-backoff';

/** Provides the per-account sign-in backoff over its rule (REDIS comes from the kit). */
@Global()
@Module({})
export class SignInBackoffModule {
  static register(rule: SignInBackoffRule): DynamicModule {
    return {
      module: SignInBackoffModule,
      providers: [{ provide: SIGN_IN_BACKOFF_RULE, useValue: rule }, SignInBackoff],
      exports: [SignInBackoff],
    };
  }
}
