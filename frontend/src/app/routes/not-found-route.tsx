import { ERRORS } from '@mcat/contracts';
import { NotFoundPage } from '../../features/site-pages/components/not-found-page';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle(ERRORS.pageNotFound, usePublicConfig().brandName);
  return <NotFoundPage />;
}
