import { GuidePage } from '../../features/site-pages/components/guide-page';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';

export function GuideRoute() {
  usePageTitle('Study Guide', usePublicConfig().brandName);
  return <GuidePage />;
}
