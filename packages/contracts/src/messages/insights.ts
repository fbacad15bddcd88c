/** The insights page's own texts (docs/adr/0021-insights.md). */
export const INSIGHTS_MESSAGES = {
  fetchFailed: 'Your insights could not be loaded. Please try again.',
} as const;
