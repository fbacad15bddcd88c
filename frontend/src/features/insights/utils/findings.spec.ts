import { describe, expect, it } from 'vitest';
import type { Insights, TestMistakeCounts } from '@mcat/contracts';
import { findings, mistakeTypeChanges, topicTrendFindings, type TagTrend } from './findings';
import { trendOf } from './trend';

const test = (n: number, counts: TestMistakeCounts['counts']): TestMistakeCounts => ({
  testId: String(n).padStart(24, '0'),
  dateTaken: `2025-0${n}-01T00:00:00.000Z`,
  source: `AAMC FL ${n}`,
  counts,
});

const insights = (overrides: Partial<Insights> = {}): Insights => ({
  bySection: [
    { section: 'Chemical and Physical Foundations', count: 12 },
    { section: 'Critical Analysis and Reasoning', count: 3 },
    { section: 'Biological and Biochemical Foundations', count: 10 },
    { section: 'Psychological and Social Foundations', count: 5 },
  ],
  byMistakeType: [
    { mistakeType: 'Careless Error', count: 18 },
    { mistakeType: 'Content Gap', count: 10 },
    { mistakeType: '', count: 2 },
  ],
  byTag: [],
  overTime: [],
  ...overrides,
});

describe('mistakeTypeChanges', () => {
  it('compares the first and the last of the latest four tests', () => {
    const overTime = [
      test(1, { 'Careless Error': 1 }),
      test(2, { 'Careless Error': 9, 'Content Gap': 1 }),
      test(3, { 'Careless Error': 5 }),
      test(4, { 'Careless Error': 4, 'Content Gap': 2 }),
      test(5, { 'Careless Error': 3, 'Content Gap': 5 }),
    ];
    expect(mistakeTypeChanges(overTime)).toEqual([
      'Careless errors fell from 9 to 3 over your last four tests.',
      'Content gaps rose from 1 to 5 over your last four tests.',
    ]);
  });

  it('says nothing of small changes or of a single test', () => {
    expect(mistakeTypeChanges([test(1, { Other: 3 })])).toEqual([]);
    expect(mistakeTypeChanges([test(1, { Other: 3 }), test(2, { Other: 2 })])).toEqual([]);
    expect(mistakeTypeChanges([test(1, {}), test(2, { '': 2 })])).toEqual([
      'Mistakes without a type rose from 0 to 2 over your last two tests.',
    ]);
  });
});

describe('trendOf', () => {
  it('compares the recent half of the tests with the earlier half, per test', () => {
    expect(trendOf([1, 1, 3, 3])).toEqual({ trend: 'rising', earlier: 1, recent: 3 });
    expect(trendOf([4, 2, 9, 1, 1])).toEqual({ trend: 'falling', earlier: 3, recent: 1 });
    expect(trendOf([2, 2, 2]).trend).toBe('steady');
    expect(trendOf([2, 2.4]).trend).toBe('steady');
    expect(trendOf([2, 2.5]).trend).toBe('rising');
  });

  it('has no trend with fewer than two tests', () => {
    expect(trendOf([]).trend).toBeNull();
    expect(trendOf([5]).trend).toBeNull();
  });
});

describe('findings', () => {
  const tag = (name: string, perTest: number[]): TagTrend => ({
    tag: name,
    count: perTest.reduce((a, b) => a + b, 0),
    summary: trendOf(perTest),
  });

  it('names rising and falling topics with their rates', () => {
    expect(
      topicTrendFindings([tag('Enzymes', [1, 3]), tag('Optics', [2, 2]), tag('Physics', [2, 0.5])]),
    ).toEqual([
      'Enzymes is rising: 3 missed questions per test recently, up from 1 earlier.',
      'Physics is falling: 0.5 missed questions per test recently, down from 2 earlier.',
    ]);
  });

  it('gives one sentence per finding, changes first', () => {
    const overTime = [test(1, { 'Careless Error': 9 }), test(2, { 'Careless Error': 3 })];
    expect(findings(insights({ overTime }), [tag('Enzymes', [0, 2])])).toEqual([
      'Careless errors fell from 9 to 3 over your last two tests.',
      'Enzymes is rising: 2 missed questions per test recently, up from 0 earlier.',
      'Chemical and Physical Foundations has the most missed questions: 12 of 30.',
      'Careless errors are your most common mistake: 18 of 30 questions.',
      '2 questions have no mistake type yet; giving them one sharpens these insights.',
    ]);
  });

  it('says which sections are tied for the most missed questions, all four when they are', () => {
    const sections = insights().bySection;
    const allTied = insights({ bySection: sections.map((s) => ({ ...s, count: 5 })) });
    expect(findings(allTied, [])).toContain(
      'Chemical and Physical Foundations, Critical Analysis and Reasoning, Biological and Biochemical Foundations, and Psychological and Social Foundations are tied for the most missed questions: 5 each of 20.',
    );
    const twoTied = insights({
      bySection: sections.map((s) => ({
        ...s,
        count: s.section.startsWith('Critical') ? 12 : s.count,
      })),
    });
    const sentences = findings(twoTied, []);
    expect(sentences).toContain(
      'Chemical and Physical Foundations and Critical Analysis and Reasoning are tied for the most missed questions: 12 each of 39.',
    );
    expect(sentences.join(' ')).not.toContain('has the most missed questions');
  });

  it('says which mistake types are tied as the most common, leaving untyped questions out', () => {
    const tied = insights({
      byMistakeType: [
        { mistakeType: 'Careless Error', count: 9 },
        { mistakeType: '', count: 9 },
        { mistakeType: 'Content Gap', count: 9 },
        { mistakeType: 'Other', count: 3 },
      ],
    });
    const sentences = findings(tied, []);
    expect(sentences).toContain(
      'Careless errors and content gaps are tied as your most common mistake: 9 each of 30 questions.',
    );
    expect(sentences.join(' ')).not.toContain('are your most common mistake');
  });

  it('says nothing without questions, and skips an untyped top mistake', () => {
    const none = insights({
      bySection: insights().bySection.map((s) => ({ ...s, count: 0 })),
      byMistakeType: [],
    });
    expect(findings(none, [])).toEqual([]);
    const untyped = insights({ byMistakeType: [{ mistakeType: '', count: 1 }] });
    expect(findings(untyped, [])).toEqual([
      'Chemical and Physical Foundations has the most missed questions: 12 of 30.',
      '1 question has no mistake type yet; giving it one sharpens these insights.',
    ]);
  });
});
