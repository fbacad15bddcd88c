import { describeDiscount, premiumAmount } from './discount';

const percent = (percentOff: number) => ({ percentOff, amountOff: null });
const amount = (amountOff: number) => ({ percentOff: null, amountOff });

describe('the price of Premium with a coupon', () => {
  it('is $10.00 without a coupon', () => {
    expect(premiumAmount(null)).toBe(1000);
  });

  it('takes a percentage off, rounded to the cent', () => {
    expect(premiumAmount(percent(50))).toBe(500);
    expect(premiumAmount(percent(25.5))).toBe(745);
    expect(premiumAmount(percent(100))).toBe(0);
  });

  it('takes an amount off, never going below zero', () => {
    expect(premiumAmount(amount(500))).toBe(500);
    expect(premiumAmount(amount(2500))).toBe(0);
  });

  it('is described as free when nothing is left to pay, else by what it takes off', () => {
    expect(describeDiscount(percent(100))).toBe('free');
    expect(describeDiscount(amount(1000))).toBe('free');
    expect(describeDiscount(percent(50))).toBe('50% off');
    expect(describeDiscount(percent(25.5))).toBe('25.5% off');
    expect(describeDiscount(amount(500))).toBe('$5.00 off');
  });
});
