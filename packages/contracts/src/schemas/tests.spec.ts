import { computeTotalScore, testBodySchema } from './tests';

const today = () => '2025-06-01';
const valid = {
  dateTaken: '2025-05-01',
  source: 'AAMC FL 1',
  subscores: { chemPhys: 125, cars: 126, bio: 127, psychSoc: 128 },
};

describe('test body', () => {
  it('computes the total as the plain sum of the four sections', () => {
    expect(computeTotalScore(valid.subscores)).toBe(506);
    expect(computeTotalScore({ ...valid.subscores, bio: '' })).toBeUndefined();
  });

  it("refuses a date after the student's today with the spec message", () => {
    const result = testBodySchema(today).safeParse({ ...valid, dateTaken: '2025-06-02' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Date cannot be in the future');
  });

  it('refuses a section score under 118 with the spec message', () => {
    const result = testBodySchema(today).safeParse({
      ...valid,
      subscores: { ...valid.subscores, cars: 117 },
    });
    expect(result.error?.issues[0]?.message).toBe('Score must be at least 118');
  });

  it('refuses a client total that is not the sum', () => {
    const result = testBodySchema(today).safeParse({ ...valid, totalScore: 500 });
    expect(result.error?.issues[0]?.message).toBe(
      'Total score must equal the sum of the section scores (506)',
    );
  });
});
