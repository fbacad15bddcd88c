import { jsonWithoutPersonalData, withoutPersonalData } from './personal-data';

describe('withoutPersonalData', () => {
  it('nulls names, e-mails and addresses at any depth and keeps amounts, statuses and ids', () => {
    const payload = {
      id: 'evt_1',
      data: {
        object: {
          id: 'pi_1',
          amount: 1000,
          status: 'succeeded',
          receipt_email: 'ada@example.com',
          metadata: { userId: 'u1', userEmail: 'ada@example.com', couponId: '' },
          charges: [{ billing_details: { name: 'Ada', email: 'ada@example.com' }, paid: true }],
        },
      },
    };
    expect(withoutPersonalData(payload)).toEqual({
      id: 'evt_1',
      data: {
        object: {
          id: 'pi_1',
          amount: 1000,
          status: 'succeeded',
          receipt_email: null,
          metadata: { userId: 'u1', userEmail: null, couponId: '' },
          charges: [{ billing_details: null, paid: true }],
        },
      },
    });
  });

  it('treats stored JSON text, and drops text that does not parse', () => {
    expect(jsonWithoutPersonalData('{"email":"a@b.c","amount":5}')).toBe(
      '{"email":null,"amount":5}',
    );
    expect(jsonWithoutPersonalData('{not json')).toBe('null');
  });
});
