/**
 * Enter anywhere in the question form submits it, except in the textareas (new line), in the tag
 * input (adds a tag), on buttons and links (their own action) and in dropdowns (they open).
 */
const KEEPS_ENTER = 'textarea, button, a, [data-tag-input], [role="combobox"], [role="option"]';

export const enterSubmitsForm = (event: React.KeyboardEvent<HTMLFormElement>): void => {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (target.closest(KEEPS_ENTER)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
};
