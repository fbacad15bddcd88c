/**
 * What the web app shows until `GET /api/config` answers, or when it cannot be reached: the
 * gateway's own defaults, so the build's prerendered pages match a deployment that sets nothing.
 */
import { SITE_DEFAULTS, type PublicConfig } from '@mcat/contracts';

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  ...SITE_DEFAULTS,
  guideResources: [...SITE_DEFAULTS.guideResources],
  payments: { provider: 'dev', publishableKey: null },
};
