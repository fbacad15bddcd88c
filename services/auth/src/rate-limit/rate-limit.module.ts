import { Global, Module, type DynamicModule } from '@nestjs/common';
import {
  RATE_LIMIT_EXEMPT_IPS_TOKEN,
  RATE_LIMIT_POLICY,
  RATE_LIMIT_POLICY_TOKEN,
  type RateLimitPolicy,
} from './rate-limit.policy';
import { RateLimiter } from './rate-limiter';

@Global()
@Module({})
export class RateLimitModule {
  static register(
    policy: RateLimitPolicy = RATE_LIMIT_POLICY,
    exemptAddresses: readonly string[] = [],
  ): DynamicModule {
    return {
      module: RateLimitModule,
      providers: [
        { provide: RATE_LIMIT_POLICY_TOKEN, useValue: policy },
        { provide: RATE_LIMIT_EXEMPT_IPS_TOKEN, useValue: new Set(exemptAddresses) },
        RateLimiter,
      ],
      exports: [RateLimiter],
    };
  }
}
