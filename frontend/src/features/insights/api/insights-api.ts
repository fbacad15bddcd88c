/**
 * GET /api/questions/insights, as the insights page needs it: the student's answer (of one section
 * when the page filters by it), each section's (for the sections × mistake types table) and each of
 * the ten most-missed topics' (for their trends), fetched together. The questions' list tag refreshes it after any change.
 */
import {
  SECTION_NAMES,
  type Insights,
  type MistakeTypeCount,
  type SectionName,
} from '@mcat/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api';
import { perTestCounts, trendOf } from '../utils/trend';
import type { TagTrend } from '../utils/findings';

/** How many of the most-missed topic tags the page shows, with their trend. */
export const TOP_TAGS = 10;

/** The page's own filter: one section, or all of them. */
export interface InsightsFilters {
  section?: SectionName;
}

export interface InsightsReport {
  insights: Insights;
  /** Each section's questions by mistake type. */
  sectionTypes: Record<SectionName, MistakeTypeCount[]>;
  /** The most-missed topic tags, most first, each with its trend over the tests. */
  topTags: TagTrend[];
}

type Answer = { data?: unknown; error?: FetchBaseQueryError };

const failure = (answers: readonly Answer[]): FetchBaseQueryError | undefined =>
  answers.find((answer) => answer.error)?.error;

export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInsightsReport: build.query<InsightsReport, InsightsFilters>({
      async queryFn(filters, _api, _extra, baseQuery) {
        const fetchInsights = (params: Record<string, string>) =>
          baseQuery({ url: 'questions/insights', params }) as Promise<Answer>;
        const base: Record<string, string> = filters.section ? { section: filters.section } : {};
        const noQuestions: Answer = { data: { byMistakeType: [] } };
        const [whole, ...sections] = await Promise.all([
          fetchInsights(base),
          ...SECTION_NAMES.map((section) =>
            filters.section && filters.section !== section
              ? noQuestions
              : fetchInsights({ section }),
          ),
        ]);
        const firstError = failure([whole, ...sections]);
        if (firstError) return { error: firstError };
        const insights = whole.data as Insights;
        const top = insights.byTag.slice(0, TOP_TAGS);
        const tags = await Promise.all(
          top.map(({ tag }) => fetchInsights({ ...base, topicTag: tag })),
        );
        const tagError = failure(tags);
        if (tagError) return { error: tagError };
        const sectionTypes = Object.fromEntries(
          SECTION_NAMES.map((section, i) => [
            section,
            (sections[i].data as Insights).byMistakeType,
          ]),
        ) as Record<SectionName, MistakeTypeCount[]>;
        const topTags = top.map(({ tag, count }, i) => ({
          tag,
          count,
          summary: trendOf(perTestCounts(insights.overTime, (tags[i].data as Insights).overTime)),
        }));
        return { data: { insights, sectionTypes, topTags } };
      },
      providesTags: [{ type: 'Question', id: 'LIST' }],
    }),
  }),
});

export const { useGetInsightsReportQuery } = insightsApi;
