import type { Insights, InsightsMistakeType, TestMistakeCounts } from '@mcat/contracts';
import { capitalize, countWord, mistakeTypePlural, perTestNumber } from './labels';
import type { TrendSummary } from './trend';

/** How many of the latest tests a change of mistake type is measured over. */
export const FINDINGS_WINDOW = 4;
/** The smallest change between the window's first and last test worth a sentence. */
export const MIN_CHANGE = 2;
/** At most this many sentences of mistake-type changes. */
export const MAX_CHANGES = 3;
/** At most this many sentences of rising topics, and as many of falling ones. */
export const MAX_TOPICS_PER_TREND = 2;

export interface TagTrend {
  tag: string;
  count: number;
  summary: TrendSummary;
}

const questionsWord = (n: number): string => (n === 1 ? 'question' : 'questions');

/** "A and B", "A, B, and C". */
const listOf = (items: readonly string[]): string =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(items);

/** The entries with the highest count (several when they are tied), in their order. */
function leaders<T extends { count: number }>(entries: readonly T[]): T[] {
  const top = Math.max(...entries.map((entry) => entry.count));
  return entries.filter((entry) => entry.count === top);
}

/**
 * "Careless errors fell from 9 to 3 over your last four tests": each mistake type whose count on
 * the first of the latest tests (up to FINDINGS_WINDOW) and on the last differ by MIN_CHANGE or
 * more, biggest changes first.
 */
export function mistakeTypeChanges(overTime: readonly TestMistakeCounts[]): string[] {
  const window = overTime.slice(-FINDINGS_WINDOW);
  if (window.length < 2) return [];
  const first = window[0].counts;
  const last = window[window.length - 1].counts;
  const types = new Set([...Object.keys(first), ...Object.keys(last)]) as Set<InsightsMistakeType>;
  return [...types]
    .map((type) => ({ type, from: first[type] ?? 0, to: last[type] ?? 0 }))
    .filter(({ from, to }) => Math.abs(to - from) >= MIN_CHANGE)
    .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from))
    .slice(0, MAX_CHANGES)
    .map(
      ({ type, from, to }) =>
        `${capitalize(mistakeTypePlural(type))} ${to < from ? 'fell' : 'rose'} from ${from} to ${to} over your last ${countWord(window.length)} tests.`,
    );
}

/** "Enzymes is rising: 3 missed questions per test recently, up from 1 earlier." */
export function topicTrendFindings(tags: readonly TagTrend[]): string[] {
  const sentences = (trend: 'rising' | 'falling', direction: 'up' | 'down') =>
    tags
      .filter((t) => t.summary.trend === trend)
      .slice(0, MAX_TOPICS_PER_TREND)
      .map(
        ({ tag, summary }) =>
          `${tag} is ${trend}: ${perTestNumber(summary.recent)} missed ${questionsWord(summary.recent)} per test recently, ${direction} from ${perTestNumber(summary.earlier)} earlier.`,
      );
  return [...sentences('rising', 'up'), ...sentences('falling', 'down')];
}

/** One plain sentence per finding, the changes first; none without questions. */
export function findings(insights: Insights, tags: readonly TagTrend[]): string[] {
  const total = insights.bySection.reduce((sum, s) => sum + s.count, 0);
  if (total === 0) return [];
  const out = [...mistakeTypeChanges(insights.overTime), ...topicTrendFindings(tags)];

  const topSections = leaders(insights.bySection);
  const [topSection] = topSections;
  if (topSections.length === 1 && topSection) {
    out.push(
      `${topSection.section} has the most missed questions: ${topSection.count} of ${total}.`,
    );
  } else if (topSection) {
    out.push(
      `${listOf(topSections.map((s) => s.section))} are tied for the most missed questions: ${topSection.count} each of ${total}.`,
    );
  }

  // Questions without a type are counted below, never named as a mistake.
  const topTypes = leaders(insights.byMistakeType).filter((t) => t.mistakeType !== '');
  const [topType] = topTypes;
  if (topTypes.length === 1 && topType) {
    out.push(
      `${capitalize(mistakeTypePlural(topType.mistakeType))} are your most common mistake: ${topType.count} of ${total} ${questionsWord(total)}.`,
    );
  } else if (topType) {
    const names = listOf(topTypes.map((t) => mistakeTypePlural(t.mistakeType)));
    out.push(
      `${capitalize(names)} are tied as your most common mistake: ${topType.count} each of ${total} ${questionsWord(total)}.`,
    );
  }

  const untyped = insights.byMistakeType.find((t) => t.mistakeType === '')?.count ?? 0;
  if (untyped > 0) {
    out.push(
      untyped === 1
        ? '1 question has no mistake type yet; giving it one sharpens these insights.'
        : `${untyped} questions have no mistake type yet; giving them one sharpens these insights.`,
    );
  }
  return out;
}
