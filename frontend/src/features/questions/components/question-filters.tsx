/** Filters of the questions tables: Section, Mistake Type, Anki Status, and optionally Test and Topic Tag. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ANKI_STATUSES, MISTAKE_TYPES, SECTIONS, TOPIC_TAG_MAX_LENGTH } from '@mcat/contracts';
import { FilterForm } from '../../../components/filter-form';
import type { QuestionFilterValues } from '../utils/question-filters';

export interface TestOption {
  id: string;
  label: string;
}

interface QuestionFiltersProps {
  values: QuestionFilterValues;
  onChange: (values: QuestionFilterValues) => void;
  onClear: () => void;
  /** Shown with the Test filter (the all-questions page). */
  testOptions?: readonly TestOption[];
  /** Shown with the Topic Tag filter and the Apply Filters button (the all-questions page). */
  onApply?: () => void;
}

const ANKI_LABELS = { made: 'Anki card made', 'not made': 'No Anki card' } as const;

export function QuestionFilters({
  values,
  onChange,
  onClear,
  testOptions,
  onApply,
}: QuestionFiltersProps) {
  const set = <K extends keyof QuestionFilterValues>(key: K, value: QuestionFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  /** A drop-down of `options` after "`all`" (no filter). */
  const choice = <K extends 'section' | 'mistakeType' | 'ankiStatus' | 'testId'>(
    key: K,
    label: string,
    all: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={values[key]}
      onChange={(event) => set(key, event.target.value as QuestionFilterValues[K])}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <FilterForm label="Filter questions" onSearch={() => onApply?.()} columnPx={160} mb={2}>
      {choice(
        'section',
        'Section',
        'All Sections',
        SECTIONS.map((section) => ({ value: section.name, label: section.name })),
      )}
      {choice(
        'mistakeType',
        'Mistake Type',
        'All Types',
        MISTAKE_TYPES.map((type) => ({ value: type, label: type })),
      )}
      {choice(
        'ankiStatus',
        'Anki Status',
        'All',
        ANKI_STATUSES.map((status) => ({ value: status, label: ANKI_LABELS[status] })),
      )}
      {testOptions
        ? choice(
            'testId',
            'Test',
            'All Tests',
            testOptions.map((option) => ({ value: option.id, label: option.label })),
          )
        : null}
      {onApply ? (
        <TextField
          size="small"
          label="Topic Tag"
          value={values.topicTag}
          onChange={(event) => set('topicTag', event.target.value)}
          slotProps={{ htmlInput: { maxLength: TOPIC_TAG_MAX_LENGTH } }}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {onApply ? (
          <Button type="submit" variant="contained">
            Apply Filters
          </Button>
        ) : null}
        <Button variant="outlined" onClick={onClear}>
          Clear Filters
        </Button>
      </Box>
    </FilterForm>
  );
}
