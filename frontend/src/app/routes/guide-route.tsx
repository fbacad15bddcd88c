import { GuidePage } from '../../features/site-pages/components/guide-page';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';

export function GuideRoute() {
  const config = usePublicConfig();
  usePageTitle('Study Guide', config.brandName);
  return <GuidePage resources={config.guideResources} />;
}
