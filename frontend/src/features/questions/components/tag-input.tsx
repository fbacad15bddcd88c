/** The topic tag chips input with its suggestion list (rules in utils/tag-input-state). */
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import { TOO_LONG, TOPIC_TAG_MAX_LENGTH, TOPIC_TAGS_MAX } from '@mcat/contracts';
import {
  emptyTagInput,
  shownSuggestions,
  tagChosen,
  tagInputKey,
  tagRemoved,
  typed,
  type TagInputState,
} from '../utils/tag-input-state';

interface TagInputProps {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Every tag that may be suggested. */
  pool: readonly string[];
  /** The form's error for the tags (too many, one too long). */
  error?: string;
}

export function TagInput({ label, value, onChange, pool, error }: TagInputProps) {
  const [local, setLocal] = useState(() => emptyTagInput());
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-suggestions`;
  const helpId = `${id}-help`;
  const state: TagInputState = { ...local, tags: value };
  const suggestions = shownSuggestions(state, pool);
  const full = value.length >= TOPIC_TAGS_MAX;
  const help =
    error ??
    (full
      ? TOO_LONG.topicTags
      : 'Enter adds a tag, Backspace removes the last one, arrow keys pick a suggestion.');

  const apply = (next: TagInputState) => {
    if (next.tags !== value) onChange(next.tags);
    setLocal({ ...next, tags: [] });
  };

  const keyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const outcome = tagInputKey(state, event.key, pool);
    if (!outcome.handled) return;
    event.preventDefault();
    event.stopPropagation();
    apply(outcome.state);
  };

  return (
    <Box data-tag-input sx={{ position: 'relative' }}>
      <InputLabel htmlFor={inputId} shrink sx={{ position: 'static', transform: 'none', mb: 0.5 }}>
        {label}
      </InputLabel>
      {value.length > 0 ? (
        <Box
          component="ul"
          aria-label="Chosen topic tags"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}
        >
          {value.map((tag, index) => (
            <li key={tag}>
              <Chip
                label={tag}
                onDelete={() => apply(tagRemoved(state, index))}
                slotProps={{ root: { 'aria-label': tag } }}
              />
            </li>
          ))}
        </Box>
      ) : null}
      <OutlinedInput
        id={inputId}
        fullWidth
        size="small"
        value={local.input}
        placeholder="Type a topic and press Enter"
        onChange={(event) => apply(typed(state, event.target.value))}
        onKeyDown={keyDown}
        onBlur={() => setLocal((current) => ({ ...current, open: false, highlighted: -1 }))}
        error={Boolean(error)}
        inputProps={{
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-expanded': suggestions.length > 0,
          'aria-controls': listId,
          'aria-describedby': helpId,
          'aria-activedescendant':
            local.highlighted >= 0 ? `${listId}-${local.highlighted}` : undefined,
          autoComplete: 'off',
          maxLength: TOPIC_TAG_MAX_LENGTH,
        }}
      />
      <FormHelperText id={helpId} error={Boolean(error)}>
        {help} ({value.length} / {TOPIC_TAGS_MAX} tags)
      </FormHelperText>
      {suggestions.length > 0 ? (
        <Paper elevation={4} sx={{ position: 'absolute', zIndex: 10, left: 0, right: 0, mt: -2.5 }}>
          <MenuList id={listId} role="listbox" aria-label="Topic tag suggestions" dense>
            {suggestions.map((tag, index) => (
              <MenuItem
                key={tag}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === local.highlighted}
                selected={index === local.highlighted}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => apply(tagChosen(state, tag))}
              >
                {tag}
              </MenuItem>
            ))}
          </MenuList>
        </Paper>
      ) : null}
    </Box>
  );
}
