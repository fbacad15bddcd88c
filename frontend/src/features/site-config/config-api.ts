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

const selectAnswer = ({ data }: { data?: PublicConfig }) => ({ data });

/**
 * The public configuration, with the defaults while it loads or if it fails. It selects the answer
 * alone, so that a reader renders again only when the answer changes, not when the request's
 * state does (a page hydrated with the answer already in the store is not rendered twice).
 */
export const usePublicConfig = (): PublicConfig => {
  const { data } = configApi.useGetPublicConfigQuery(undefined, { selectFromResult: selectAnswer });
  return data ?? DEFAULT_PUBLIC_CONFIG;
};
