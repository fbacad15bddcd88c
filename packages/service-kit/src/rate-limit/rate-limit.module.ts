import { Global, Module, type DynamicModule } from '@nestjs/common';
import {
  RATE_LIMIT_EXEMPT_ADDRESSES,
  RATE_LIMIT_RULES,
  type RateLimitRules,
} from './rate-limit.policy';
import { RateLimiter } from './rate-limiter';

/** Provides a RateLimiter over the service's rules to every module (REDIS comes from the kit). */
@Global()
@Module({})
export class RateLimitModule {
  static register<Name extends string>(
    rules: RateLimitRules<Name>,
    exemptAddresses: readonly string[] = [],
  ): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        { provide: RATE_LIMIT_RULES, useValue: rules },
        { provide: RATE_LIMIT_EXEMPT_ADDRESSES, useValue: new Set(exemptAddresses) },
        RateLimiter,
      ],
      exports: [RateLimiter],
    };
  }
}
