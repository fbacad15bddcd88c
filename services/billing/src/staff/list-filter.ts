import type { BillingListQuery } from '@mcat/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Filter = Record<string, unknown>;

/**
 * The database filter of a staff list: exact type and status, part of the e-mail (any case), and
 * whole UTC days `from`..`to` (both included) on `dateField`.
 */
export function listFilter(
  query: Omit<BillingListQuery, 'page' | 'limit'>,
  dateField: 'occurredAt' | 'createdAt',
  options: { withType: boolean },
): Filter {
  const filter: Filter = {};
  if (options.withType && query.type) filter.type = query.type;
  if (query.status) filter.status = query.status;
  if (query.email) filter.email = { $regex: escapeRegex(query.email.toLowerCase()) };
  const range: Filter = {};
  if (query.from) range.$gte = new Date(`${query.from}T00:00:00Z`);
  if (query.to) range.$lt = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  if (Object.keys(range).length > 0) filter[dateField] = range;
  return filter;
}
