import { tooLong, withThousandsSeparators } from './product';

describe('withThousandsSeparators', () => {
  it('writes a whole number as en-US does, a comma between thousands', () => {
    for (const count of [0, 7, 100, 999, 1000, 5000, 12345, 100000, 1234567]) {
      expect(withThousandsSeparators(count)).toBe(count.toLocaleString('en-US'));
    }
  });
});

describe('tooLong', () => {
  it("names the field and its limit as the spec's messages do", () => {
    expect(tooLong('Improvement plan', 5000)).toBe(
      'Improvement plan must be at most 5,000 characters.',
    );
    expect(tooLong('Name', 100)).toBe('Name must be at most 100 characters.');
  });
});
