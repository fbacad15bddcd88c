/**
 * The topic tag input's rules: suggestions by substring from the
 * default tags and the user's own, at most five, never a tag already chosen; Enter adds the only
 * suggestion, else the highlighted one, else the typed text; duplicates are ignored whatever their
 * case; Backspace on an empty input removes the last tag; arrows move the highlight; Escape closes.
 */
import { TAG_SUGGESTIONS_MAX, TOPIC_TAGS_MAX } from '@mcat/contracts';

export interface TagInputState {
  tags: string[];
  input: string;
  /** Index into the shown suggestions, or -1 for none. */
  highlighted: number;
  open: boolean;
}

export const emptyTagInput = (tags: string[] = []): TagInputState => ({
  tags,
  input: '',
  highlighted: -1,
  open: false,
});

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

/** The suggestions the list shows: none while it is closed. */
export const shownSuggestions = (state: TagInputState, pool: readonly string[]): string[] =>
  state.open ? tagSuggestions(state.input, state.tags, pool) : [];

/** Adds a tag unless it is blank, already chosen in any case, or the list is full. */
export const withTag = (tags: readonly string[], candidate: string): string[] => {
  const tag = candidate.trim();
  if (!tag || tags.length >= TOPIC_TAGS_MAX || tags.some((t) => sameTag(t, tag))) return [...tags];
  return [...tags, tag];
};

export const typed = (state: TagInputState, input: string): TagInputState => ({
  ...state,
  input,
  open: true,
  highlighted: -1,
});

export const tagChosen = (state: TagInputState, tag: string): TagInputState => ({
  tags: withTag(state.tags, tag),
  input: '',
  highlighted: -1,
  open: false,
});

export const tagRemoved = (state: TagInputState, index: number): TagInputState => ({
  ...state,
  tags: state.tags.filter((_, i) => i !== index),
});

export interface KeyOutcome {
  state: TagInputState;
  /** The key was used by the tag input: the browser must not act on it (no form submit). */
  handled: boolean;
}

export function tagInputKey(
  state: TagInputState,
  key: string,
  pool: readonly string[],
): KeyOutcome {
  const suggestions = shownSuggestions(state, pool);
  switch (key) {
    case 'Enter': {
      const candidate =
        suggestions.length === 1
          ? suggestions[0]
          : state.highlighted >= 0 && state.highlighted < suggestions.length
            ? suggestions[state.highlighted]
            : state.input;
      return { state: candidate.trim() ? tagChosen(state, candidate) : state, handled: true };
    }
    case 'Backspace':
      if (state.input !== '' || state.tags.length === 0) return { state, handled: false };
      return { state: tagRemoved(state, state.tags.length - 1), handled: true };
    case 'ArrowDown': {
      const available = tagSuggestions(state.input, state.tags, pool);
      if (available.length === 0) return { state, handled: false };
      const highlighted = state.open ? (state.highlighted + 1) % available.length : 0;
      return { state: { ...state, open: true, highlighted }, handled: true };
    }
    case 'ArrowUp': {
      if (suggestions.length === 0) return { state, handled: false };
      const highlighted = state.highlighted <= 0 ? suggestions.length - 1 : state.highlighted - 1;
      return { state: { ...state, highlighted }, handled: true };
    }
    case 'Escape':
      if (!state.open) return { state, handled: false };
      return { state: { ...state, open: false, highlighted: -1 }, handled: true };
    default:
      return { state, handled: false };
  }
}
