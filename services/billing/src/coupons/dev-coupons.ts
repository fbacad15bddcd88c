/**
 * The dev provider's coupons, read from DEV_COUPONS: entries separated by commas, each
 * `CODE:DISCOUNT` with optional `:max=N` (redemptions) and `:until=YYYY-MM-DD` (last day, UTC).
 * DISCOUNT is a percentage (`50%`, at most `100%`) or an amount in dollars (`$5.00`).
 * Example: `FREEMCAT:100%,HALFOFF:50%,LAUNCH:$5.00:max=100:until=2026-12-31`.
 */
export interface DevCoupon {
  /** Upper case; customers may type it in any case. */
  code: string;
  percentOff: number | null;
  /** Cents. */
  amountOff: number | null;
  maxRedemptions: number | null;
  /** The first instant the coupon no longer applies. */
  expiresAt: Date | null;
}

export const DEFAULT_DEV_COUPONS = 'FREEMCAT:100%,HALFOFF:50%';

const CODE = /^[A-Z0-9_-]{1,64}$/;
const PERCENT = /^(\d{1,3})%$/;
const DOLLARS = /^\$(\d{1,6})(?:\.(\d{2}))?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export class DevCouponsError extends Error {}

function parseEntry(entry: string): DevCoupon {
  const [rawCode = '', discount = '', ...options] = entry.split(':').map((part) => part.trim());
  const code = rawCode.toUpperCase();
  if (!CODE.test(code)) throw new DevCouponsError(`"${rawCode}" is not a coupon code`);
  const coupon: DevCoupon = {
    code,
    percentOff: null,
    amountOff: null,
    maxRedemptions: null,
    expiresAt: null,
  };
  const percent = PERCENT.exec(discount);
  const dollars = DOLLARS.exec(discount);
  if (percent && Number(percent[1]) >= 1 && Number(percent[1]) <= 100) {
    coupon.percentOff = Number(percent[1]);
  } else if (dollars && Number(dollars[1]) * 100 + Number(dollars[2] ?? 0) > 0) {
    coupon.amountOff = Number(dollars[1]) * 100 + Number(dollars[2] ?? 0);
  } else {
    throw new DevCouponsError(
      `${code}: "${discount}" is neither 1% to 100% nor an amount like $5.00`,
    );
  }
  for (const option of options) {
    const [key, value = ''] = option.split('=');
    if (key === 'max' && /^\d+$/.test(value) && Number(value) > 0) {
      coupon.maxRedemptions = Number(value);
    } else if (key === 'until' && DAY.test(value) && !Number.isNaN(Date.parse(value))) {
      coupon.expiresAt = new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS);
    } else {
      throw new DevCouponsError(`${code}: unknown option "${option}" (max=N or until=YYYY-MM-DD)`);
    }
  }
  return coupon;
}

/** Parses DEV_COUPONS; an empty value means no coupons. */
export function parseDevCoupons(value: string): DevCoupon[] {
  const coupons = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseEntry);
  const seen = new Set<string>();
  for (const { code } of coupons) {
    if (seen.has(code)) throw new DevCouponsError(`${code} is listed twice`);
    seen.add(code);
  }
  return coupons;
}
