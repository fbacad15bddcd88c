/**
 * The topic tag chips input: MUI's free-solo Autocomplete with the tag rules of
 * utils/topic-tags (substring suggestions, at most five, chosen tags left out; duplicates in
 * any case ignored; at most TOPIC_TAGS_MAX tags).
 */
import { useMemo, useRef, useState } from 'react';
import Autocomplete, {
  type AutocompleteChangeDetails,
  type AutocompleteChangeReason,
} from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { TOO_LONG, TOPIC_TAG_MAX_LENGTH, TOPIC_TAGS_MAX } from '@mcat/contracts';
import { tagSuggestions, withTag } from '../utils/topic-tags';
import { TopicChip } from '../../../components/topic-chip';

interface TagInputProps {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Every tag that may be suggested. */
  pool: readonly string[];
  /** The form's error for the tags (too many, one too long). */
  error?: string;
}

const HOW_TO =
  'Enter or a comma adds a tag, Backspace removes the last one, arrow keys pick a suggestion.';

export function TagInput({ label, value, onChange, pool, error }: TagInputProps) {
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  /**
   * The suggestion picked with the arrow keys, if any. A suggestion under the mouse pointer is only
   * hovered, not picked: Enter then adds what is typed.
   */
  const keyboardPick = useRef<string | null>(null);
  const options = useMemo(() => [...pool], [pool]);
  const suggestions = open ? tagSuggestions(input, value, pool) : [];
  const full = value.length >= TOPIC_TAGS_MAX;
  const help = error ?? (full ? TOO_LONG.topicTags : HOW_TO);

  /** Adds the tag unless it is blank, a duplicate in any case, or the list is full. */
  const add = (tag: string) => {
    const tags = withTag(value, tag);
    if (tags.length !== value.length) onChange(tags);
  };

  const changed = (
    next: string[],
    reason: AutocompleteChangeReason,
    details?: AutocompleteChangeDetails<string>,
  ) => {
    if ((reason === 'selectOption' || reason === 'createOption') && details) add(details.option);
    else onChange(next);
  };

  const addTyped = (candidate: string) => {
    if (!candidate.trim()) return;
    add(candidate);
    setInput('');
    setOpen(false);
    keyboardPick.current = null;
  };

  /**
   * Enter adds the only suggestion, else the suggestion picked with the arrow keys (Autocomplete
   * selects it), else the typed text; it never submits the form. A comma ends the typed tag as it
   * is, so a tag never holds one.
   */
  const keyDown = (
    event: React.KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean },
  ) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === ',') {
      event.preventDefault();
      addTyped(input);
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (suggestions.length !== 1 && keyboardPick.current !== null) return;
    event.defaultMuiPrevented = true;
    addTyped(suggestions.length === 1 ? suggestions[0] : input);
  };

  return (
    <Autocomplete<string, true, true, true>
      data-tag-input
      multiple
      freeSolo
      disableClearable
      size="small"
      options={options}
      filterOptions={(all, state) => tagSuggestions(state.inputValue, value, all)}
      value={value}
      onChange={(_event, next, reason, details) => changed(next, reason, details)}
      inputValue={input}
      onInputChange={(_event, next) => {
        keyboardPick.current = null;
        setInput(next);
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        keyboardPick.current = null;
        setOpen(false);
      }}
      onHighlightChange={(_event, option, reason) => {
        keyboardPick.current = reason === 'keyboard' ? option : null;
      }}
      onKeyDown={keyDown}
      renderValue={(tags, getItemProps) => (
        <Box
          component="ul"
          aria-label="Chosen topic tags"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            maxWidth: '100%',
            listStyle: 'none',
            p: 0,
            m: 0,
          }}
        >
          {tags.map((tag, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <li key={key}>
                <TopicChip label={tag} {...itemProps} />
              </li>
            );
          })}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder="Type a topic and press Enter"
          error={Boolean(error)}
          helperText={`${help} (${value.length} / ${TOPIC_TAGS_MAX} tags)`}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, maxLength: TOPIC_TAG_MAX_LENGTH },
          }}
        />
      )}
    />
  );
}
