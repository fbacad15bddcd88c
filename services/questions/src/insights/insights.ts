import {
  MISTAKE_TYPES,
  SECTION_NAMES,
  type Insights,
  type InsightsMistakeType,
  type Question,
  type TestMistakeCounts,
} from '@mcat/contracts';
import { testIdOf } from '../questions/question.mapper';

/** Catalog order, a question without a mistake type last: how ties between types are broken. */
const TYPE_ORDER: readonly InsightsMistakeType[] = [...MISTAKE_TYPES, ''];

const increment = <K>(counts: Map<K, number>, key: K): void => {
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

/**
 * What these questions add up to (docs/adr/0021-insights.md): every question counts once in
 * bySection and in byMistakeType (under '' without a type), once per tag in byTag (tags compared
 * case-insensitively, shown as the newest question spells them), and in overTime under its test
 * when that test's date is known.
 */
export function computeInsights(questions: readonly Question[]): Insights {
  const sections = new Map<string, number>();
  const types = new Map<InsightsMistakeType, number>();
  const tags = new Map<string, { tag: string; count: number }>();
  const tests = new Map<string, TestMistakeCounts>();

  for (const question of questions) {
    increment(sections, question.section);
    increment(types, question.mistakeType);
    for (const tag of question.topicTags) {
      const key = tag.toLowerCase();
      const entry = tags.get(key);
      if (entry) entry.count += 1;
      else tags.set(key, { tag, count: 1 });
    }
    if (typeof question.test === 'string') continue;
    const testId = testIdOf(question);
    let test = tests.get(testId);
    if (!test) {
      test = {
        testId,
        dateTaken: question.test.dateTaken,
        source: question.test.source,
        counts: {},
      };
      tests.set(testId, test);
    }
    test.counts[question.mistakeType] = (test.counts[question.mistakeType] ?? 0) + 1;
  }

  return {
    bySection: SECTION_NAMES.map((section) => ({ section, count: sections.get(section) ?? 0 })),
    byMistakeType: TYPE_ORDER.filter((type) => types.has(type))
      .map((mistakeType) => ({ mistakeType, count: types.get(mistakeType) ?? 0 }))
      .sort((a, b) => b.count - a.count),
    byTag: [...tags.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    overTime: [...tests.values()].sort(
      (a, b) => a.dateTaken.localeCompare(b.dateTaken) || a.testId.localeCompare(b.testId),
    ),
  };
}
