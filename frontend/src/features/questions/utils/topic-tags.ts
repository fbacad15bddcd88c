/**
 * The topic tags' rules, apart from the input that shows them: suggestions by substring from the
 * default tags and the user's own, at most five, never a tag already chosen; duplicates are
 * ignored whatever their case; at most TOPIC_TAGS_MAX tags.
 */
import { TAG_SUGGESTIONS_MAX, TOPIC_TAGS_MAX } from '@mcat/contracts';

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The default tags followed by the user's own, each once (case-insensitively). */
export const suggestionPool = (...lists: readonly (readonly string[])[]): string[] => {
  const pool: string[] = [];
  for (const tag of lists.flat()) {
    const trimmed = tag.trim();
    if (trimmed && !pool.some((t) => sameTag(t, trimmed))) pool.push(trimmed);
  }
  return pool;
};

/** The suggestions for what is typed: substring matches, chosen tags left out, at most five. */
export const tagSuggestions = (
  input: string,
  chosen: readonly string[],
  pool: readonly string[],
): string[] => {
  const query = input.trim().toLowerCase();
  if (!query) return [];
  return pool
    .filter((tag) => tag.toLowerCase().includes(query))
    .filter((tag) => !chosen.some((c) => sameTag(c, tag)))
    .slice(0, TAG_SUGGESTIONS_MAX);
};

/** Adds a tag unless it is blank, already chosen in any case, or the list is full. */
export const withTag = (tags: readonly string[], candidate: string): string[] => {
  const tag = candidate.trim();
  if (!tag || tags.length >= TOPIC_TAGS_MAX || tags.some((t) => sameTag(t, tag))) return [...tags];
  return [...tags, tag];
};
