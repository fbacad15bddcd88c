import type { BillingListQuery } from '@mcat/contracts';

/**
 * The filters of the billing lists and exports as the form holds them: each of the contract's
 * filters (billingListQuerySchema) as text, '' when not set; `from` and `to` are 'YYYY-MM-DD'.
 */
export type BillingFilters = Record<keyof Omit<BillingListQuery, 'page' | 'limit'>, string>;

export const NO_BILLING_FILTERS: BillingFilters = {
  type: '',
  status: '',
  email: '',
  from: '',
  to: '',
};

/** The query parameters of the filters that are set; `type` applies to events only. */
export const queryParams = (
  filters: BillingFilters,
  { withType = true }: { withType?: boolean } = {},
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(
      ([key, value]) => value.trim() !== '' && (withType || key !== 'type'),
    ),
  );
