import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_TAGS, TAG_SUGGESTIONS_MAX } from '@mcat/contracts';
import {
  emptyTagInput,
  suggestionPool,
  tagInputKey,
  tagSuggestions,
  typed,
  type TagInputState,
} from './tag-input-state';

const pool = suggestionPool(DEFAULT_TOPIC_TAGS, ['Acid-Base Titration', 'biology']);

const typing = (input: string, tags: string[] = []): TagInputState =>
  typed(emptyTagInput(tags), input);

const press = (state: TagInputState, ...keys: string[]) =>
  keys.reduce((current, key) => tagInputKey(current, key, pool).state, state);

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

describe('tag input keys', () => {
  it('Enter takes the only suggestion', () => {
    const state = press(typing('kinem'), 'Enter');
    expect(state.tags).toEqual(['Kinematics']);
    expect(state.input).toBe('');
  });

  it('Enter takes the highlighted suggestion when there are several', () => {
    const state = press(typing('psych'), 'ArrowDown', 'ArrowDown', 'Enter');
    expect(state.tags).toEqual([tagSuggestions('psych', [], pool)[1]]);
  });

  it('Enter takes the typed text when nothing is highlighted among several suggestions', () => {
    expect(press(typing('Psych'), 'Enter').tags).toEqual(['Psych']);
  });

  it('Enter takes the typed text when nothing is suggested', () => {
    expect(press(typing('  Fluid Dynamics '), 'Enter').tags).toEqual(['Fluid Dynamics']);
  });

  it('Enter is always used by the tag input, so it never submits the form', () => {
    expect(tagInputKey(emptyTagInput(), 'Enter', pool).handled).toBe(true);
    expect(tagInputKey(emptyTagInput(), 'Enter', pool).state.tags).toEqual([]);
  });

  it('a tag already chosen in another case is not added again', () => {
    expect(press(typing('fluid dynamics', ['Fluid Dynamics']), 'Enter').tags).toEqual([
      'Fluid Dynamics',
    ]);
  });

  it('Backspace on an empty input removes the last tag', () => {
    const outcome = tagInputKey(emptyTagInput(['Optics', 'Circuits']), 'Backspace', pool);
    expect(outcome.state.tags).toEqual(['Optics']);
    expect(outcome.handled).toBe(true);
  });

  it('Backspace with text typed edits the text and keeps the tags', () => {
    const outcome = tagInputKey(typing('Opt', ['Circuits']), 'Backspace', pool);
    expect(outcome.handled).toBe(false);
    expect(outcome.state.tags).toEqual(['Circuits']);
  });

  it('the arrow keys move the highlight and wrap around', () => {
    const count = tagSuggestions('psych', [], pool).length;
    expect(press(typing('psych'), 'ArrowDown').highlighted).toBe(0);
    expect(press(typing('psych'), 'ArrowDown', 'ArrowDown').highlighted).toBe(1);
    expect(press(typing('psych'), 'ArrowUp').highlighted).toBe(count - 1);
    expect(
      press(typing('psych'), ...Array.from({ length: count + 1 }, () => 'ArrowDown')).highlighted,
    ).toBe(0);
  });

  it('Escape closes the suggestions, and Enter then takes the typed text', () => {
    const closed = press(typing('kinem'), 'Escape');
    expect(closed.open).toBe(false);
    expect(press(closed, 'Enter').tags).toEqual(['kinem']);
  });

  it('typing again opens the suggestions with no highlight', () => {
    const state = typed(press(typing('psych'), 'ArrowDown', 'Escape'), 'psycho');
    expect(state.open).toBe(true);
    expect(state.highlighted).toBe(-1);
  });
});
