/** What the web app shows until `GET /api/config` answers, or when it cannot be reached. */
import type { PublicConfig } from '@mcat/contracts';

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  brandName: 'MCAT Logbook',
  supportEmail: 'support@mcatlogbook.com',
  donationUrl: 'https://www.buymeacoffee.com/mcatlogbook',
  publicUrl: 'http://localhost:8080',
  payments: { provider: 'dev', publishableKey: null },
  guideResources: [],
};
