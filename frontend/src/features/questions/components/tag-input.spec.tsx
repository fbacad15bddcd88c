import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TOPIC_TAGS,
  TOO_LONG,
  TOPIC_TAG_MAX_LENGTH,
  TOPIC_TAGS_MAX,
} from '@mcat/contracts';
import { TagInput } from './tag-input';

const HOW_TO =
  'Enter or a comma adds a tag, Backspace removes the last one, arrow keys pick a suggestion.';

/** The form's part: it keeps the tags and hands them back. */
function Host({ initial, error }: { initial: string[]; error?: string }) {
  const [tags, setTags] = useState(initial);
  return (
    <TagInput
      label="Topic Tags"
      value={tags}
      onChange={setTags}
      pool={DEFAULT_TOPIC_TAGS}
      error={error}
    />
  );
}

const renderTags = (initial: string[] = [], error?: string) => {
  render(<Host initial={initial} error={error} />);
  return {
    user: userEvent.setup(),
    input: screen.getByRole<HTMLInputElement>('combobox', { name: 'Topic Tags' }),
  };
};

const chips = () =>
  within(screen.getByRole('list', { name: 'Chosen topic tags' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const suggestions = () => screen.queryAllByRole('option').map((option) => option.textContent);

afterEach(cleanup);

describe('the topic tag input', () => {
  it('has a visible label, a placeholder, the how-to and the count', () => {
    const { input } = renderTags(['Optics']);
    expect(screen.getByText('Topic Tags', { selector: 'label' })).toBeTruthy();
    expect(input.placeholder).toBe('Type a topic and press Enter');
    expect(input.getAttribute('maxlength')).toBe(String(TOPIC_TAG_MAX_LENGTH));
    expect(screen.getByText(`${HOW_TO} (1 / ${TOPIC_TAGS_MAX} tags)`)).toBeTruthy();
    expect(chips()).toEqual(['Optics']);
  });

  it('Enter adds the typed tag trimmed, and ignores blank text and duplicates in any case', async () => {
    const { user, input } = renderTags();
    await user.type(input, '  my own tag  {Enter}');
    expect(chips()).toEqual(['my own tag']);
    expect(input.value).toBe('');
    await user.type(input, '   {Enter}');
    expect(chips()).toEqual(['my own tag']);
    await user.clear(input);
    await user.type(input, 'MY OWN TAG{Enter}');
    expect(chips()).toEqual(['my own tag']);
    expect(input.value).toBe('');
  });

  it('a comma adds the typed text as it is, even with one suggestion, and never types itself', async () => {
    const { user, input } = renderTags();
    await user.type(input, 'Acid,');
    expect(chips()).toEqual(['Acid']);
    expect(input.value).toBe('');
    await user.type(input, 'my tag, next,');
    expect(chips()).toEqual(['Acid', 'my tag', 'next']);
    await user.type(input, ',');
    expect(chips()).toEqual(['Acid', 'my tag', 'next']);
    expect(input.value).toBe('');
  });

  it('suggests matching tags, at most five, leaving out those already chosen', async () => {
    const { user, input } = renderTags(['Biochemistry']);
    expect(suggestions()).toEqual([]);
    await user.type(input, 'chem');
    expect(suggestions()).toEqual(['General Chemistry', 'Organic Chemistry']);
    await user.clear(input);
    await user.type(input, 'o');
    expect(suggestions()).toHaveLength(5);
  });

  it('Enter adds the only suggestion rather than the typed text', async () => {
    const { user, input } = renderTags();
    await user.type(input, 'enzy{Enter}');
    expect(chips()).toEqual(['Enzymes']);
    expect(suggestions()).toEqual([]);
  });

  it('arrow keys pick a suggestion for Enter; the mouse pointer does not', async () => {
    const { user, input } = renderTags();
    await user.type(input, 'psych{ArrowDown}{ArrowDown}{Enter}');
    expect(chips()).toEqual(['Behavioral Psychology']);
    await user.type(input, 'psych');
    await user.hover(screen.getByRole('option', { name: 'Social Psychology' }));
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Behavioral Psychology', 'psych']);
  });

  it('a click on a suggestion adds it', async () => {
    const { user, input } = renderTags();
    await user.type(input, 'circ');
    await user.click(screen.getByRole('option', { name: 'Circuits' }));
    expect(chips()).toEqual(['Circuits']);
    expect(input.value).toBe('');
  });

  it('Escape closes the suggestions, and Enter then adds the typed text', async () => {
    const { user, input } = renderTags();
    await user.type(input, 'enzy');
    expect(suggestions()).toEqual(['Enzymes']);
    await user.keyboard('{Escape}');
    expect(suggestions()).toEqual([]);
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['enzy']);
  });

  it('Backspace on an empty input removes the last tag, and only then', async () => {
    const { user, input } = renderTags(['Optics', 'Enzymes']);
    await user.type(input, 'ab{Backspace}');
    expect(input.value).toBe('a');
    expect(chips()).toEqual(['Optics', 'Enzymes']);
    await user.type(input, '{Backspace}{Backspace}');
    expect(chips()).toEqual(['Optics']);
  });

  it("a chip's delete icon removes it", async () => {
    const { user } = renderTags(['Optics', 'Enzymes', 'Physics']);
    const enzymes = screen.getByRole('button', { name: 'Enzymes' });
    const icon = enzymes.querySelector('svg');
    if (!icon) throw new Error('the chip has no delete icon');
    await user.click(icon);
    expect(chips()).toEqual(['Optics', 'Physics']);
  });

  it('chips are removed from the keyboard: ArrowLeft reaches them, Delete removes one', async () => {
    const { user, input } = renderTags(['Optics', 'Enzymes', 'Physics']);
    await user.click(input);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enzymes' }));
    await user.keyboard('{Delete}');
    expect(chips()).toEqual(['Optics', 'Physics']);
  });

  it(`stops at ${TOPIC_TAGS_MAX} tags and says so`, async () => {
    const full = Array.from({ length: TOPIC_TAGS_MAX }, (_, i) => `#${i}`);
    const { user, input } = renderTags(full);
    expect(
      screen.getByText(`${TOO_LONG.topicTags} (${TOPIC_TAGS_MAX} / ${TOPIC_TAGS_MAX} tags)`),
    ).toBeTruthy();
    await user.type(input, 'one more{Enter}');
    expect(chips()).toEqual(full);
  });

  it("shows the form's error in place of the how-to", () => {
    renderTags([], TOO_LONG.topicTag);
    expect(screen.getByText(`${TOO_LONG.topicTag} (0 / ${TOPIC_TAGS_MAX} tags)`)).toBeTruthy();
    expect(screen.queryByText(new RegExp(HOW_TO))).toBeNull();
  });

  it('hands the new list to onChange and leaves the list alone when nothing changes', async () => {
    const onChange = vi.fn<(tags: string[]) => void>();
    render(
      <TagInput
        label="Topic Tags"
        value={['Optics']}
        onChange={onChange}
        pool={DEFAULT_TOPIC_TAGS}
      />,
    );
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Topic Tags' });
    await user.type(input, 'optics{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(input, 'Kinematics{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['Optics', 'Kinematics']);
  });
});
