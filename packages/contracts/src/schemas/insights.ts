import type { z } from 'zod';
import type { MistakeType } from '../catalog';
import type { SectionName } from '../sections';
import { questionFilters } from './questions';

/**
 * GET /api/questions/insights: the search's filters (testId, section, mistakeType, ankiStatus,
 * topicTag), without paging; any other parameter answers 400 (docs/adr/0021-insights.md).
 */
export const insightsQuerySchema = questionFilters.strict();
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/** A question's mistake type, '' for a question logged without one (as on the question). */
export type InsightsMistakeType = MistakeType | '';

export interface SectionCount {
  section: SectionName;
  count: number;
}

export interface MistakeTypeCount {
  mistakeType: InsightsMistakeType;
  count: number;
}

export interface TagCount {
  tag: string;
  count: number;
}

/** One test's matching questions by mistake type; a type the test has none of is left out. */
export interface TestMistakeCounts {
  testId: string;
  /** The test's date, an ISO time at UTC midnight. */
  dateTaken: string;
  source: string;
  counts: Partial<Record<InsightsMistakeType, number>>;
}

/**
 * What the student's missed questions (those matching the filters) add up to. bySection has the
 * four sections in exam order, zeros included; byMistakeType and byTag the ones with questions,
 * most first; overTime the tests with questions, oldest first (docs/adr/0021-insights.md).
 */
export interface Insights {
  bySection: SectionCount[];
  byMistakeType: MistakeTypeCount[];
  byTag: TagCount[];
  overTime: TestMistakeCounts[];
}
