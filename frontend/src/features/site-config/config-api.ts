/** The public configuration the gateway serves: brand, support contact, donation link. */
import type { PublicConfig } from '@mcat/contracts';
import { api } from '../../lib/api';
import { DEFAULT_PUBLIC_CONFIG } from './default-config';

const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => 'config',
      providesTags: ['Config'],
      keepUnusedDataFor: 3600,
    }),
  }),
});

/** Starts loading the public configuration before any page asks for it. */
export const prefetchPublicConfig = () => configApi.util.prefetch('getPublicConfig', undefined, {});

/** The public configuration, with the defaults while it loads or if it fails. */
export const usePublicConfig = (): PublicConfig => {
  const { data } = configApi.useGetPublicConfigQuery();
  return data ?? DEFAULT_PUBLIC_CONFIG;
};
