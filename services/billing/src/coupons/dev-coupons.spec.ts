import { DEFAULT_DEV_COUPONS, DevCouponsError, parseDevCoupons } from './dev-coupons';

describe('the dev provider coupons read from DEV_COUPONS', () => {
  it('default to FREEMCAT (100% off) and HALFOFF (50% off)', () => {
    expect(parseDevCoupons(DEFAULT_DEV_COUPONS)).toEqual([
      { code: 'FREEMCAT', percentOff: 100, amountOff: null, maxRedemptions: null, expiresAt: null },
      { code: 'HALFOFF', percentOff: 50, amountOff: null, maxRedemptions: null, expiresAt: null },
    ]);
  });

  it('take amounts in dollars, a redemption limit and a last day', () => {
    expect(parseDevCoupons('launch:$5.00:max=3:until=2026-12-31')).toEqual([
      {
        code: 'LAUNCH',
        percentOff: null,
        amountOff: 500,
        maxRedemptions: 3,
        expiresAt: new Date('2027-01-01T00:00:00Z'),
      },
    ]);
  });

  it('may be none at all', () => {
    expect(parseDevCoupons('')).toEqual([]);
  });

  it.each([
    ['FREE:0%'],
    ['FREE:101%'],
    ['FREE:$0'],
    ['FREE'],
    ['FREE:10%:max=0'],
    ['FREE:10%:until=tomorrow'],
    ['A:10%,a:20%'],
  ])('refuse %s with a message naming the problem', (value) => {
    expect(() => parseDevCoupons(value)).toThrow(DevCouponsError);
  });
});
