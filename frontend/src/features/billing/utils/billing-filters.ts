/** The filters of the billing lists and exports (billingListQuerySchema of the contracts). */
export interface BillingFilters {
  type: string;
  status: string;
  email: string;
  /** 'YYYY-MM-DD', both days included. */
  from: string;
  to: string;
}

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
