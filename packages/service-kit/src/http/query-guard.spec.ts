import { isPlainQuery } from './query-guard';

describe('isPlainQuery', () => {
  it.each([
    [undefined],
    [{}],
    [{ section: 'Critical Analysis and Reasoning', topicTag: '' }],
    [{ testId: '{"$gt":""}' }],
  ])('accepts plain texts: %j', (query) => {
    expect(isPlainQuery(query)).toBe(true);
  });

  it.each([
    [{ 'testId[$gt]': '' }],
    [{ 'x[]': 'a' }],
    [{ $where: '1' }],
    [{ section: ['a', 'b'] }],
    [{ testId: { $gt: '' } }],
    ['testId=1'],
  ])('refuses arrays, objects, bracket and $ keys: %j', (query) => {
    expect(isPlainQuery(query)).toBe(false);
  });
});
