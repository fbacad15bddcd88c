/** The spaced re-review's answers (docs/adr/0022-spaced-review.md). */
export const REVIEW_MESSAGES = {
  outcomeInvalid: 'outcome must be one of again, hard, good, easy',
  bodyInvalid: 'The body must be a JSON object with only an outcome: again, hard, good or easy',
  unknownField: (keys: readonly string[]): string =>
    `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}. Send only outcome.`,
  reviewFailed: 'Your review could not be saved. Please try again.',
  /** 409: other writes of the question's schedule kept landing first; nothing was recorded. */
  busy: 'This question was being reviewed elsewhere at the same moment, so your review was not saved. Please try again.',
  dueFetchFailed: 'The questions due for re-review could not be loaded.',
} as const;
