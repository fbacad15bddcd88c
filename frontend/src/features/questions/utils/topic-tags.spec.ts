import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_TAGS, TAG_SUGGESTIONS_MAX, TOPIC_TAGS_MAX } from '@mcat/contracts';
import { suggestionPool, tagSuggestions, withTag } from './topic-tags';

const pool = suggestionPool(DEFAULT_TOPIC_TAGS, ['Acid-Base Titration', 'biology']);

describe('tag suggestions', () => {
  it("come from the default tags and the user's own, each once whatever its case", () => {
    expect(pool).toContain('Acid-Base Titration');
    expect(pool.filter((tag) => tag.toLowerCase() === 'biology')).toEqual(['Biology']);
  });

  it('match by substring anywhere, ignoring case', () => {
    expect(tagSuggestions('titra', [], pool)).toEqual(['Acid-Base Titration']);
    expect(tagSuggestions('CARS -', [], pool)).toEqual([
      'CARS - Main Idea',
      'CARS - Inference',
      'CARS - Application',
    ]);
  });

  it(`are at most ${TAG_SUGGESTIONS_MAX}`, () => {
    expect(tagSuggestions('o', [], pool)).toHaveLength(TAG_SUGGESTIONS_MAX);
  });

  it('leave out the tags already chosen, in any case', () => {
    expect(tagSuggestions('psychology', ['social psychology'], pool)).not.toContain(
      'Social Psychology',
    );
  });

  it('are none while nothing is typed', () => {
    expect(tagSuggestions('  ', [], pool)).toEqual([]);
  });
});

describe('adding a tag', () => {
  it('trims it and adds it at the end', () => {
    expect(withTag(['Optics'], '  Circuits ')).toEqual(['Optics', 'Circuits']);
  });

  it('ignores a blank one', () => {
    expect(withTag(['Optics'], '   ')).toEqual(['Optics']);
  });

  it('ignores a tag already chosen in another case', () => {
    expect(withTag(['Fluid Dynamics'], 'fluid dynamics')).toEqual(['Fluid Dynamics']);
  });

  it(`stops at ${TOPIC_TAGS_MAX} tags`, () => {
    const full = Array.from({ length: TOPIC_TAGS_MAX }, (_, i) => `Tag ${i}`);
    expect(withTag(full, 'One more')).toEqual(full);
  });
});
