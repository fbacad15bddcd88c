/** The billing staff's lists and CSV exports (role `billing`). */
import type { BillingEventRecord, BillingListQuery, Page, PaymentRecord } from '@mcat/contracts';
import { api } from '../../../lib/api';
import { objectUrlResponse } from '../../../lib/download';
import { queryParams, type BillingFilters } from '../utils/billing-filters';

export interface BillingListArgs extends Pick<BillingListQuery, 'page' | 'limit'> {
  filters: BillingFilters;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillingEvents: build.query<Page<BillingEventRecord>, BillingListArgs>({
      query: ({ filters, page, limit }) => ({
        url: 'billing/events',
        params: { ...queryParams(filters), page, limit },
      }),
    }),
    getPayments: build.query<Page<PaymentRecord>, BillingListArgs>({
      query: ({ filters, page, limit }) => ({
        url: 'billing/payments',
        params: { ...queryParams(filters, { withType: false }), page, limit },
      }),
    }),
    /** A filtered list as CSV, answered as an object URL to save. */
    exportBillingCsv: build.mutation<
      string,
      { list: 'events' | 'payments'; filters: BillingFilters }
    >({
      query: ({ list, filters }) => ({
        url: `billing/${list}/export`,
        params: queryParams(filters, { withType: list === 'events' }),
        responseHandler: objectUrlResponse,
      }),
    }),
  }),
});

export const { useGetBillingEventsQuery, useGetPaymentsQuery, useExportBillingCsvMutation } =
  billingApi;
