import type { GatewayConfig } from './config';
import type { RoutedService } from './proxy/route-table';

/** Every service behind the gateway (mailer has no routes but is listed by /api/health). */
export type UpstreamService = RoutedService | 'mailer';

/** Base URL (origin) of each service, from AUTH_URL, TESTS_URL… */
export type Upstreams = Record<UpstreamService, string>;

export function upstreamsFrom(config: GatewayConfig): Upstreams {
  const origin = (url: string) => new URL(url).origin;
  return {
    auth: origin(config.AUTH_URL),
    tests: origin(config.TESTS_URL),
    questions: origin(config.QUESTIONS_URL),
    billing: origin(config.BILLING_URL),
    mailer: origin(config.MAILER_URL),
  };
}
