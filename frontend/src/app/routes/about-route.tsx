import { AboutPage } from '../../features/site-pages/components/about-page';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';

export function AboutRoute() {
  const config = usePublicConfig();
  usePageTitle('About', config.brandName);
  return (
    <AboutPage
      brandName={config.brandName}
      supportEmail={config.supportEmail}
      donationUrl={config.donationUrl}
    />
  );
}
